import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addAddressPath, addressMachine, asksCity, DEFAULT_MAP_CENTER, formProblems, showsOtherCityText, takesForm, type AddressBookInput, type NewAddress } from '@machines/address-machine';
import { checkoutMachine } from '@machines/checkout-machine';
import type { Notice } from '@machines/notice';
import type { Point } from '@contract/rules/distance';
import { addedAddress, checkoutInput, delivery, emptyWallet, farAddress, nearAddress, otherCityAddress, savedAddresses, suggestion } from './checkout-fixtures';

const courier: AddressBookInput = { method: 2, addresses: null, chosenId: null, branch: '35.70,51.40' };
const form: NewAddress = { label: 'محل کار', address: 'تهران، خیابان ولیعصر، پلاک ۸', lat: 35.75, lng: 51.41 };

/** The address chart on its own, with recording stubs for every effect it names. */
function book(input: AddressBookInput = courier, options: { deleteFails?: boolean; position?: () => Promise<Point> } = {}) {
  const calls: string[] = [];
  const notices: Notice[] = [];
  const shown: string[] = [];
  let list = [...savedAddresses];
  const machine = addressMachine.provide({
    actors: {
      'load addresses': fromPromise(async () => (calls.push('load'), list)),
      'save address': fromPromise(async ({ input: saved }: { input: NewAddress }) => (calls.push(`save ${saved.label}`), (list = [addedAddress, ...list]), addedAddress)),
      'update address': fromPromise(async ({ input: edit }: { input: { id: number; address: NewAddress } }) => {
        calls.push(`update ${edit.id}`);
        list = list.map((entry) => (entry.id === edit.id ? { ...entry, label: edit.address.label } : entry));
        return list.find((entry) => entry.id === edit.id)!;
      }),
      'delete address': fromPromise(async ({ input: gone }: { input: { id: number } }) => {
        calls.push(`delete ${gone.id}`);
        if (options.deleteFails) throw { result: 'not_found', message: 'آدرس پیدا نشد' };
        list = list.filter((entry) => entry.id !== gone.id);
        return { id: gone.id };
      }),
      locate: fromPromise(async ({ input: point }: { input: Point }) => (calls.push(`locate ${point.lat},${point.lng}`), suggestion)),
      'device position': fromPromise(options.position ?? (async () => ({ lat: 32.65, lng: 51.67 }))),
    },
    actions: {
      notify: (_, notice) => void notices.push(notice),
      'show address list': () => void shown.push('/cart/address'),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, notices, shown };
}

describe('address chart: saving, editing and deleting (the chart decides and navigates, issue 29)', () => {
  it('Scenario: a new address is saved, offered first, and the chart shows the list', async () => {
    const { actor, calls, shown } = book();
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'address.compose', addressId: null });
    actor.send({ type: 'address.add', address: form });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && calls.length === 2);
    expect(calls).toEqual(['load', 'save محل کار']);
    expect(actor.getSnapshot().context).toMatchObject({ chosenId: addedAddress.id, refusal: null });
    expect(actor.getSnapshot().context.addresses[0]).toEqual(addedAddress);
    expect(shown).toEqual(['/cart/address']);
  });

  it('Scenario: an edited address is saved with update_address, the list is loaded again with it offered first, and the chart shows the list', async () => {
    const { actor, calls, shown } = book();
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'address.update', addressId: farAddress.id, address: form });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && calls.length === 3);
    expect(calls).toEqual(['load', `update ${farAddress.id}`, 'load']);
    expect(actor.getSnapshot().context.addresses.find((entry) => entry.id === farAddress.id)?.label).toBe('محل کار');
    expect(actor.getSnapshot().context.chosenId).toBe(farAddress.id);
    expect(shown).toEqual(['/cart/address']);
  });

  it('Scenario: the form\'s Save is taken only while the chart can answer it: not while the list loads, a point is looked up or a save runs', async () => {
    const { actor } = book();
    // The list is still loading: a press now would be dropped, so the form offers none.
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(takesForm(actor.getSnapshot(), null)).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    expect(takesForm(actor.getSnapshot(), null)).toBe(true);
    expect(takesForm(actor.getSnapshot(), savedAddresses[0].id)).toBe(true);
    actor.send({ type: 'address.locate', lat: 35.76, lng: 51.41 });
    expect(takesForm(actor.getSnapshot(), null)).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'address.add', address: form });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(takesForm(actor.getSnapshot(), null)).toBe(false);
  });

  it('Scenario: an invalid edit is refused with the spec §5 key and calls nothing; every field\'s problem at once; an unknown id is refused', async () => {
    const { actor, calls, shown } = book();
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'address.update', addressId: nearAddress.id, address: { ...form, label: 'خان' } });
    expect(actor.getSnapshot().context.refusal).toBe('address_label_short');
    actor.send({ type: 'address.update', addressId: nearAddress.id, address: { ...form, address: 'ونک' } });
    expect(actor.getSnapshot().context.refusal).toBe('address_short');
    actor.send({ type: 'address.add', address: { label: '', address: '', lat: null, lng: null } });
    expect(formProblems(actor.getSnapshot())).toEqual(['address_label_required', 'address_required', 'lat_required']);
    actor.send({ type: 'address.update', addressId: 99, address: form });
    expect(actor.getSnapshot().context.refusal).toBe('address_unknown');
    expect(formProblems(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'address.delete', addressId: 99 });
    expect(actor.getSnapshot().context.refusal).toBe('address_unknown');
    actor.send({ type: 'address.select', addressId: 99 });
    expect(actor.getSnapshot().context.refusal).toBe('address_unknown');
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(calls).toEqual(['load']);
    expect(shown).toEqual([]);
  });

  it('Scenario: a deleted address leaves the reloaded list and is no longer offered; a delete the server refuses is only a toast (no problem on the step)', async () => {
    const { actor, calls } = book({ ...courier, chosenId: nearAddress.id });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'address.delete', addressId: nearAddress.id });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && calls.length === 3);
    expect(actor.getSnapshot().context.addresses.map((entry) => entry.id)).not.toContain(nearAddress.id);
    expect(actor.getSnapshot().context.chosenId).toBeNull();

    const refused = book(courier, { deleteFails: true });
    await waitFor(refused.actor, (snapshot) => snapshot.matches('choosing'));
    refused.actor.send({ type: 'address.delete', addressId: nearAddress.id });
    await waitFor(refused.actor, (snapshot) => snapshot.matches('choosing') && refused.notices.length === 1);
    expect(refused.notices).toEqual([{ tone: 'failure', error: { result: 'not_found', message: 'آدرس پیدا نشد' } }]);
    expect(refused.actor.getSnapshot().context).toMatchObject({ failure: null, refusal: null });
    expect(refused.actor.getSnapshot().context.addresses).toHaveLength(savedAddresses.length);
  });
});

describe('address chart: the point on the map', () => {
  it('Scenario: "use my location" takes the device\'s position as the point and asks the geocoder for its address; a tap does the same', async () => {
    const { actor, calls } = book();
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'address.findMe' });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.suggestion !== null);
    expect(actor.getSnapshot().context.point).toEqual({ lat: 32.65, lng: 51.67 });
    expect(calls).toEqual(['load', 'locate 32.65,51.67']);
    actor.send({ type: 'address.locate', lat: 35.76, lng: 51.41 });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && calls.length === 3);
    expect(actor.getSnapshot().context.point).toEqual({ lat: 35.76, lng: 51.41 });
  });

  it('Scenario: no position (refused or unavailable) is told once and asks the geocoder nothing', async () => {
    const { actor, calls, notices } = book(courier, { position: () => Promise.reject(Object.assign(new Error('denied'), { code: 'denied' })) });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'address.findMe' });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && notices.length === 1);
    expect(notices).toEqual([{ tone: 'info', id: 'position unavailable' }]);
    expect(actor.getSnapshot().context.point).toBeNull();
    expect(calls).toEqual(['load']);
  });

  it('Scenario: the map opens at the shop\'s first branch (parsed by the contract), else central Tehran; a form opened for a saved address starts at its point', async () => {
    expect(book().actor.getSnapshot().context.center).toEqual({ lat: 35.7, lng: 51.4 });
    expect(book({ ...courier, branch: null }).actor.getSnapshot().context.center).toEqual(DEFAULT_MAP_CENTER);
    expect(book({ ...courier, branch: 'nowhere' }).actor.getSnapshot().context.center).toEqual(DEFAULT_MAP_CENTER);
    const { actor } = book();
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'address.compose', addressId: otherCityAddress.id });
    expect(actor.getSnapshot().context.point).toEqual({ lat: otherCityAddress.lat, lng: otherCityAddress.lng });
  });

  it('Scenario: the city and postal code are asked for other-city delivery, or when the edited address has them', async () => {
    const courierBook = book();
    await waitFor(courierBook.actor, (snapshot) => snapshot.matches('choosing'));
    expect(asksCity(courierBook.actor.getSnapshot())).toBe(false);
    courierBook.actor.send({ type: 'address.compose', addressId: otherCityAddress.id });
    expect(asksCity(courierBook.actor.getSnapshot())).toBe(true);
    courierBook.actor.send({ type: 'address.compose', addressId: nearAddress.id });
    expect(asksCity(courierBook.actor.getSnapshot())).toBe(false);
    expect(asksCity(book({ ...courier, method: 3 }).actor.getSnapshot())).toBe(true);
  });

  it('Scenario: other-city delivery refuses a saved address without its city and postal code (other_city_fields), and takes one with them', async () => {
    const { actor } = book({ ...courier, method: 3 });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'address.select', addressId: nearAddress.id });
    expect(actor.getSnapshot().context.refusal).toBe('other_city_fields');
    actor.send({ type: 'address.select', addressId: otherCityAddress.id });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ addressId: otherCityAddress.id, addresses: savedAddresses });
  });
});

describe('address chart as the checkout\'s address step', () => {
  /** A courier checkout whose address step is the chart, with a delivery that fails once if asked. */
  function checkout(saveFailsFirst = false) {
    const loads: string[] = [];
    let saves = 0;
    const machine = checkoutMachine.provide({
      actors: {
        'address book': addressMachine.provide({ actors: { 'load addresses': fromPromise(async () => (loads.push('load'), savedAddresses)) } }),
        'save delivery': fromPromise(async ({ input }: { input: { order_id: number; delivery_method: 1 | 2 | 3; address_id: number } }) => {
          saves += 1;
          if (saveFailsFirst && saves === 1) throw { result: 'out_of_range', message: 'این آدرس خارج از محدوده ارسال است.' };
          return delivery(2, input.address_id);
        }),
        'load bill': fromPromise(async () => emptyWallet),
      },
    });
    const actor = createActor(machine, { input: checkoutInput }).start();
    actor.send({ type: 'delivery.select', method: 2 });
    return { actor, loads, book: () => actor.system.get('addressBook') as ReturnType<typeof createActor<typeof addressMachine>> };
  }

  it('Scenario: an address out of range is refused by the chart with the reason; one in range ends the step with it and the delivery is saved', async () => {
    const { actor, book: address } = checkout();
    await waitFor(address(), (snapshot) => snapshot.matches('choosing'));
    address().send({ type: 'address.select', addressId: farAddress.id });
    expect(address().getSnapshot().context.refusal).toBe('out_of_range');
    expect(actor.getSnapshot().matches({ address: 'choosing' })).toBe(true);
    address().send({ type: 'address.select', addressId: nearAddress.id });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    expect(actor.getSnapshot().context).toMatchObject({ addressId: nearAddress.id, delivery: { address_id: nearAddress.id } });
  });

  it('Scenario: a delivery the server refuses comes back to the list as it was (no second load), with the server\'s message', async () => {
    const { actor, loads, book: address } = checkout(true);
    await waitFor(address(), (snapshot) => snapshot.matches('choosing'));
    address().send({ type: 'address.select', addressId: nearAddress.id });
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }) && snapshot.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.message).toBe('این آدرس خارج از محدوده ارسال است.');
    expect(address().getSnapshot().matches('choosing')).toBe(true);
    expect(address().getSnapshot().context).toMatchObject({ chosenId: nearAddress.id, addresses: savedAddresses });
    expect(loads).toEqual(['load']);
  });
});

describe("address chart: the shop's other-city text (issue 32)", () => {
  it('Scenario: a courier address outside the area is refused and the step shows the other-city text; an address in range does not; sending to another city always does', async () => {
    const { actor } = book();
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    expect(showsOtherCityText(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'address.select', addressId: farAddress.id });
    expect([actor.getSnapshot().context.refusal, showsOtherCityText(actor.getSnapshot())]).toEqual(['out_of_range', true]);
    actor.send({ type: 'address.compose', addressId: null });
    expect(showsOtherCityText(actor.getSnapshot())).toBe(false);

    const post = book({ ...courier, method: 3 }).actor;
    await waitFor(post, (snapshot) => snapshot.matches('choosing'));
    expect(showsOtherCityText(post.getSnapshot())).toBe(true);
  });
});

describe('address chart: the address page type (address_page_type, issue 32)', () => {
  it('Scenario: a shop whose address page is the post-address page (2) asks the city and postal code for the courier too, and adds at /cart/address/post-address; type 1 asks them only for another city', async () => {
    const post = book({ ...courier, postAddress: true }).actor;
    await waitFor(post, (snapshot) => snapshot.matches('choosing'));
    post.send({ type: 'address.compose', addressId: null });
    expect([asksCity(post.getSnapshot()), addAddressPath(post.getSnapshot())]).toEqual([true, '/cart/address/post-address']);

    const map = book(courier).actor;
    await waitFor(map, (snapshot) => snapshot.matches('choosing'));
    map.send({ type: 'address.compose', addressId: null });
    expect([asksCity(map.getSnapshot()), addAddressPath(map.getSnapshot())]).toEqual([false, '/cart/address/add']);
  });
});
