import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ShopSettings } from '@contract/console/shop-settings';
import { shopSettingsMachine, type ShopDeliveryUpdate, type ShopHoursUpdate } from '@machines/console/shop-settings-machine';
import { heldRequests, settle } from './held-requests';

const now = () => new Date('2025-06-01T10:30:00Z');
const settings: ShopSettings = {
  hours: { open: true, opens_at: '11:00', closes_at: '23:30', closed_until: null },
  delivery_methods: [{ value: 2, status: 1, price: 300_000, text: { fa: 'پیک', en: 'Courier' }, description: { fa: '', en: '' } }],
  min_order: 1_000_000,
  flags: {},
  texts: {},
  areas: [],
};

async function editing() {
  const hoursSaves = heldRequests<ShopHoursUpdate, ShopSettings>();
  const deliverySaves = heldRequests<ShopDeliveryUpdate, ShopSettings>();
  const machine = shopSettingsMachine.provide({
    actors: {
      'load settings': fromPromise(async () => settings),
      'save hours': fromPromise(({ input }: { input: ShopHoursUpdate }) => hoursSaves.call(input)),
      'save delivery': fromPromise(({ input }: { input: ShopDeliveryUpdate }) => deliverySaves.call(input)),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT', now } }).start();
  await settle();
  expect(actor.getSnapshot().matches('editing')).toBe(true);
  return { actor, hoursSaves, deliverySaves };
}

/** The server's answer to an hours save: the hours as sent, the rest as stored. */
const answered = (input: ShopHoursUpdate): ShopSettings => ({ ...settings, hours: { open: input.open === 1, opens_at: input.opens_at, closes_at: input.closes_at, closed_until: null } });

describe('shop settings: nothing typed is dropped while a group saves', () => {
  it('Scenario: typing the delivery and switching a flag while the hours save keeps them after the save', async () => {
    const { actor, hoursSaves } = await editing();
    actor.send({ type: 'hours.edit', field: 'opens_at', value: '09:00' });
    actor.send({ type: 'hours.save' });
    expect(actor.getSnapshot().matches('savingHours')).toBe(true);
    actor.send({ type: 'delivery.minimum', text: '250000' });
    actor.send({ type: 'delivery.edit', value: 2, field: 'price', text: '40000' });
    actor.send({ type: 'flags.switch', flag: 'use_as_menu', on: true });
    const request = hoursSaves.next();
    request.resolve(answered(request.input));
    await settle();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(context.saved).toBe('hours');
    expect(context.hours.opens_at).toBe('09:00');
    expect(context.delivery.min_order).toBe('250000');
    expect(context.delivery.methods[0].price).toBe('40000');
    expect(context.flags.switches.use_as_menu).toBe(true);
  });

  it('Scenario: a delivery price typed before the hours are saved is not replaced by the hours’ answer', async () => {
    const { actor, hoursSaves } = await editing();
    actor.send({ type: 'delivery.edit', value: 2, field: 'price', text: '45000' });
    actor.send({ type: 'hours.save' });
    const request = hoursSaves.next();
    request.resolve(answered(request.input));
    await settle();
    expect(actor.getSnapshot().context.delivery.methods[0].price).toBe('45000');
  });

  it('Scenario: hours typed while the hours save are kept, not replaced by the answer to what was sent', async () => {
    const { actor, hoursSaves } = await editing();
    actor.send({ type: 'hours.edit', field: 'opens_at', value: '09:00' });
    actor.send({ type: 'hours.save' });
    actor.send({ type: 'hours.edit', field: 'closes_at', value: '22:00' });
    const request = hoursSaves.next();
    expect(request.input.closes_at).toBe('23:30');
    request.resolve(answered(request.input));
    await settle();
    expect(actor.getSnapshot().context.hours).toMatchObject({ opens_at: '09:00', closes_at: '22:00' });
    actor.send({ type: 'hours.save' });
    const again = hoursSaves.next();
    expect(again.input).toMatchObject({ opens_at: '09:00', closes_at: '22:00' });
    again.resolve({ ...answered(again.input), hours: { ...answered(again.input).hours, opens_at: '09:00:00' } });
    await settle();
    expect(actor.getSnapshot().context.hours.opens_at).toBe('09:00:00');
  });

  it('Scenario: another group’s save is not taken while one saves, and is once it ends', async () => {
    const { actor, hoursSaves } = await editing();
    const saves = () => (['hours.save', 'delivery.save', 'flags.save', 'areas.save'] as const).map((type) => actor.getSnapshot().can({ type }));
    expect(saves()).toEqual([true, true, true, true]);
    actor.send({ type: 'hours.save' });
    expect(saves()).toEqual([false, false, false, false]);
    hoursSaves.next().reject(new Error('offline'));
    await settle();
    expect(saves()).toEqual([true, true, true, true]);
  });
});
