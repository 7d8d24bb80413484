import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ShopSettings } from '@contract/console/shop-settings';
import { refusedField, shopSettingsMachine, type ShopAreaUpdate, type ShopDeliveryUpdate, type ShopFlagsUpdate, type ShopHoursUpdate } from '@machines/console/shop-settings-machine';

// 14:00 Tehran on 1 June 2025; the shop is closed until 2 June 10:00 Tehran (06:30 UTC).
const now = () => new Date('2025-06-01T10:30:00Z');
const settings: ShopSettings = {
  hours: { open: true, opens_at: '11:00', closes_at: '23:30', closed_until: '2025-06-02T06:30:00.000Z' },
  delivery_methods: [
    { value: 1, status: 1, price: 0, text: { fa: 'تحویل حضوری', en: 'Pickup' }, description: { fa: '', en: '' } },
    { value: 2, status: 1, price: 300_000, text: { fa: 'پیک', en: 'Courier' }, description: { fa: 'حدود ۴۵ دقیقه', en: 'About 45 minutes' } },
  ],
  min_order: 1_000_000,
  flags: {},
  texts: {},
  areas: [],
};

function start(save: (input: ShopHoursUpdate) => Promise<ShopSettings> = async (input) => ({ ...settings, hours: { ...settings.hours, open: input.open === 1, closed_until: null } })) {
  const saves: ShopHoursUpdate[] = [];
  const deliverySaves: ShopDeliveryUpdate[] = [];
  const machine = shopSettingsMachine.provide({
    actors: {
      'load settings': fromPromise(async () => settings),
      'save hours': fromPromise(async ({ input }: { input: ShopHoursUpdate }) => {
        saves.push(input);
        return save(input);
      }),
      'save delivery': fromPromise(async ({ input }: { input: ShopDeliveryUpdate }) => {
        deliverySaves.push(input);
        return { ...settings, delivery_methods: JSON.parse(input.methods), min_order: input.min_order };
      }),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT', now } }).start();
  return { actor, saves, deliverySaves };
}

describe('shop settings chart: hours and holiday', () => {
  it('shows the holiday in Tehran time and refuses bad hours and a past holiday before sending', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.hours).toEqual({ open: true, opens_at: '11:00', closes_at: '23:30', closed_until: '2025-06-02T10:00' });
    actor.send({ type: 'hours.edit', field: 'closes_at', value: '11:00' });
    actor.send({ type: 'hours.edit', field: 'closed_until', value: '2025-05-31T10:00' });
    actor.send({ type: 'hours.save' });
    expect(actor.getSnapshot().context.problems.hours).toEqual({ closes_at: 'same_time', closed_until: 'in_the_past' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(saves).toEqual([]);
  });

  it('"Open again" empties the holiday; the save sends the form as typed and says it was saved', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'hours.edit', field: 'opens_at', value: '18:00' });
    actor.send({ type: 'hours.edit', field: 'closes_at', value: '02:00' });
    actor.send({ type: 'hours.reopen' });
    actor.send({ type: 'hours.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'hours');
    expect(saves).toEqual([{ open: 1, opens_at: '18:00', closes_at: '02:00', closed_until: '' }]);
    expect(actor.getSnapshot().context.hours.closed_until).toBe('');
  });

  it("keeps the server's refusal in its words and the form as typed", async () => {
    const { actor } = start(async () => Promise.reject({ result: 'invalid_input', message: 'The closed-until time has passed; choose a time to come.' }));
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'hours.open', on: false });
    actor.send({ type: 'hours.save' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.message).toBe('The closed-until time has passed; choose a time to come.');
    expect(actor.getSnapshot().context.hours.open).toBe(false);
    expect(actor.getSnapshot().context.saved).toBeNull();
  });
});

describe('shop settings chart: delivery and minimum order', () => {
  it('refuses a method switched on without its Persian name, and all methods off, before sending', async () => {
    const { actor, deliverySaves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'delivery.edit', value: 2, field: 'text_fa', text: ' ' });
    actor.send({ type: 'delivery.save' });
    expect(actor.getSnapshot().context.problems.delivery).toEqual({ '2.text_fa': 'required' });
    actor.send({ type: 'delivery.switch', value: 1, on: false });
    actor.send({ type: 'delivery.switch', value: 2, on: false });
    actor.send({ type: 'delivery.save' });
    expect(actor.getSnapshot().context.problems.delivery).toEqual({ methods: 'none_on' });
    expect(deliverySaves).toEqual([]);
  });

  it('shows prices in toman and sends them in rial with the minimum (Persian digits typed)', async () => {
    const { actor, deliverySaves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.delivery.methods[1].price).toBe('30000');
    actor.send({ type: 'delivery.edit', value: 2, field: 'price', text: '۴۵٬۰۰۰' });
    actor.send({ type: 'delivery.minimum', text: '۲۰۰۰۰۰' });
    actor.send({ type: 'delivery.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'delivery');
    expect(deliverySaves).toHaveLength(1);
    expect(deliverySaves[0].min_order).toBe(2_000_000);
    expect(JSON.parse(deliverySaves[0].methods)[1]).toEqual({ ...settings.delivery_methods[1], price: 450_000 });
  });
});

describe('shop settings chart: switches and texts', () => {
  const withFlags: ShopSettings = {
    ...settings,
    flags: { force_login: 0, access_request: 0, digital_menu_en: 1, agreement_page: 0, state_of_development: 0, use_as_menu: 0 },
    texts: {
      agreement_text: { fa: '', en: '' },
      other_city_detail: { fa: 'ارسال با پست', en: 'Sent by post' },
      meta_description: { fa: 'کافه', en: 'Café' },
      meta_keywords: { fa: '', en: '' },
    },
  };
  function startFlags(save: (input: ShopFlagsUpdate) => Promise<ShopSettings>) {
    const saves: ShopFlagsUpdate[] = [];
    const machine = shopSettingsMachine.provide({
      actors: {
        'load settings': fromPromise(async () => withFlags),
        'save flags': fromPromise(async ({ input }: { input: ShopFlagsUpdate }) => {
          saves.push(input);
          return save(input);
        }),
      },
    });
    return { actor: createActor(machine, { input: { currency: 'IRT', now } }).start(), saves };
  }

  it('loads the switches and texts; the agreement page switched on without its English text is refused before sending', async () => {
    const { actor, saves } = startFlags(async () => withFlags);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.flags.switches).toMatchObject({ digital_menu_en: true, use_as_menu: false });
    expect(actor.getSnapshot().context.flags.texts.other_city_detail_en).toBe('Sent by post');
    actor.send({ type: 'flags.switch', flag: 'agreement_page', on: true });
    actor.send({ type: 'flags.edit', field: 'agreement_text_fa', text: 'قوانین' });
    actor.send({ type: 'flags.save' });
    expect(actor.getSnapshot().context.problems.flags).toEqual({ agreement_text_en: 'required' });
    expect(saves).toEqual([]);
  });

  it('sends every switch as 1/0 and every text; saved says so at the group', async () => {
    const { actor, saves } = startFlags(async (input) => ({ ...withFlags, flags: { ...withFlags.flags, use_as_menu: input.use_as_menu as 0 | 1 } }));
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'flags.switch', flag: 'use_as_menu', on: true });
    actor.send({ type: 'flags.edit', field: 'meta_keywords_en', text: 'coffee, cake' });
    actor.send({ type: 'flags.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'flags');
    expect(saves).toEqual([
      {
        force_login: 0,
        access_request: 0,
        digital_menu_en: 1,
        agreement_page: 0,
        state_of_development: 0,
        use_as_menu: 1,
        agreement_text_fa: '',
        agreement_text_en: '',
        other_city_detail_fa: 'ارسال با پست',
        other_city_detail_en: 'Sent by post',
        meta_description_fa: 'کافه',
        meta_description_en: 'Café',
        meta_keywords_fa: '',
        meta_keywords_en: 'coffee, cake',
      },
    ]);
    expect(actor.getSnapshot().context.flags.switches.use_as_menu).toBe(true);
  });

  it("keeps the server's refusal at the field it names, until that field is edited", async () => {
    const { actor } = startFlags(async () => Promise.reject({ result: 'invalid_input', message: 'The keywords (English) is too long.', data: { field: 'meta_keywords_en' } }));
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'flags.save' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(refusedField(actor.getSnapshot(), 'flags')).toEqual({ field: 'meta_keywords_en', message: 'The keywords (English) is too long.' });
    actor.send({ type: 'flags.edit', field: 'meta_keywords_en', text: 'coffee' });
    expect(refusedField(actor.getSnapshot(), 'flags')).toBeNull();
  });
});

describe('shop settings chart: service area per branch', () => {
  const withAreas: ShopSettings = {
    ...settings,
    areas: [
      { id: 7, name: 'شعبه تهران', name_en: 'Tehran', lat: 35.6892, lng: 51.389, radius_service: 12 },
      { id: 8, name: 'شعبه اصفهان', name_en: 'Isfahan', lat: null, lng: null, radius_service: 0 },
    ],
  };
  function startAreas() {
    const saves: ShopAreaUpdate[] = [];
    const machine = shopSettingsMachine.provide({
      actors: {
        'load settings': fromPromise(async () => withAreas),
        'save areas': fromPromise(async ({ input }: { input: ShopAreaUpdate }) => {
          saves.push(input);
          return { ...withAreas, areas: withAreas.areas.map((area, index) => ({ ...area, ...JSON.parse(input.areas)[index] })) };
        }),
      },
    });
    return { actor: createActor(machine, { input: { currency: 'IRT', now } }).start(), saves };
  }

  it('refuses a point off the map, an empty radius and one over the bound before sending, at the branch and field', async () => {
    const { actor, saves } = startAreas();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.areas.map((area) => [area.lat, area.lng, area.radius_service])).toEqual([['35.6892', '51.389', '12'], ['', '', '0']]);
    actor.send({ type: 'area.edit', id: 7, field: 'radius_service', text: '150' });
    actor.send({ type: 'areas.save' });
    expect(actor.getSnapshot().context.problems.areas).toEqual({ '7.radius_service': 'out_of_range', '8.lat': 'not_number', '8.lng': 'not_number' });
    actor.send({ type: 'area.edit', id: 8, field: 'lat', text: '48.8' });
    actor.send({ type: 'area.edit', id: 8, field: 'lng', text: '51.6' });
    actor.send({ type: 'areas.save' });
    expect(actor.getSnapshot().context.problems.areas['8.lat']).toBe('outside_map');
    expect(saves).toEqual([]);
  });

  it('sends every branch with Persian digits and decimal sign read as numbers; saved says so', async () => {
    const { actor, saves } = startAreas();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'area.edit', id: 8, field: 'lat', text: '۳۲٫۶۵۳۹' });
    actor.send({ type: 'area.edit', id: 8, field: 'lng', text: '51.666' });
    actor.send({ type: 'area.edit', id: 8, field: 'radius_service', text: '۸' });
    actor.send({ type: 'areas.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'areas');
    expect(JSON.parse(saves[0].areas)).toEqual([
      { id: 7, lat: 35.6892, lng: 51.389, radius_service: 12 },
      { id: 8, lat: 32.6539, lng: 51.666, radius_service: 8 },
    ]);
    expect(actor.getSnapshot().context.areas[1].radius_service).toBe('8');
  });
});

describe('shop settings chart: a point tapped on the map', () => {
  it('sets the branch latitude and longitude to 6 decimals and clears its problems', async () => {
    const machine = shopSettingsMachine.provide({
      actors: { 'load settings': fromPromise(async (): Promise<ShopSettings> => ({ ...settings, areas: [{ id: 8, name: 'اصفهان', name_en: 'Isfahan', lat: null, lng: null, radius_service: 5 }] })) },
    });
    const actor = createActor(machine, { input: { currency: 'IRT', now } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'areas.save' });
    expect(actor.getSnapshot().context.problems.areas).toEqual({ '8.lat': 'not_number', '8.lng': 'not_number' });
    actor.send({ type: 'area.place', id: 8, lat: 32.65391234567, lng: 51.666 });
    expect(actor.getSnapshot().context.areas[0]).toMatchObject({ lat: '32.653912', lng: '51.666' });
    expect(actor.getSnapshot().context.problems.areas).toEqual({});
  });
});
