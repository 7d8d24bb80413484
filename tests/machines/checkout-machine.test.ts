import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, routeDecision, screenOf, type NewAddress } from '@machines/checkout-machine';
import { canceledVerdict, checkoutInput, farAddress, nearAddress, paidVerdict, savedAddresses } from './checkout-fixtures';

describe('checkout machine: returning from the gateway', () => {
  it('Scenario: /successful-payment with a sep_id starts by verifying; paid shows the result', async () => {
    const asked: string[] = [];
    const machine = checkoutMachine.provide({
      actors: { 'verify payment': fromPromise(async ({ input }: { input: { sep_id: string } }) => (asked.push(input.sep_id), paidVerdict)) },
    });
    const actor = createActor(machine, { input: { ...checkoutInput, returning: { sepId: 'tok' } } });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('placed'));
    expect(asked).toEqual(['tok']);
    expect(screenOf(actor.getSnapshot())).toBe('result');
    expect(routeDecision(actor.getSnapshot(), 'payment')).toEqual({ allowed: false, redirectTo: '/successful-payment' });
  });

  it('Scenario: a canceled payment on a fresh page starts the steps again with the bank\'s message; no step by URL', async () => {
    const machine = checkoutMachine.provide({ actors: { 'verify payment': fromPromise(async () => canceledVerdict) } });
    const actor = createActor(machine, { input: { ...checkoutInput, returning: { sepId: 'tok' } } });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('delivery'));
    expect(actor.getSnapshot().context.failure).toEqual({ result: 'payment_canceled', message: 'canceled' });
    expect(actor.getSnapshot().context.attemptKey).toBeNull();
    const fresh = createActor(checkoutMachine, { input: checkoutInput });
    fresh.start();
    expect(screenOf(fresh.getSnapshot())).toBe('delivery');
    expect(routeDecision(fresh.getSnapshot(), 'payment')).toEqual({ allowed: false, redirectTo: '/cart' });
    expect(routeDecision(fresh.getSnapshot(), 'delivery')).toEqual({ allowed: true });
  });
});

describe('checkout machine: editing and deleting saved addresses', () => {
  /** A courier checkout on the address list, with recording address actors. */
  function onAddressList(deleteFails = false) {
    const calls: string[] = [];
    let list = [...savedAddresses];
    const machine = checkoutMachine.provide({
      actors: {
        'load addresses': fromPromise(async () => (calls.push('load'), list)),
        'update address': fromPromise(async ({ input }: { input: { id: number; address: NewAddress } }) => {
          calls.push(`update ${input.id}`);
          list = list.map((entry) => (entry.id === input.id ? { ...entry, label: input.address.label } : entry));
          return list.find((entry) => entry.id === input.id)!;
        }),
        'delete address': fromPromise(async ({ input }: { input: { id: number } }) => {
          calls.push(`delete ${input.id}`);
          if (deleteFails) throw { result: 'not_found', message: 'آدرس پیدا نشد' };
          list = list.filter((entry) => entry.id !== input.id);
          return { id: input.id };
        }),
      },
    });
    const actor = createActor(machine, { input: checkoutInput });
    actor.start();
    actor.send({ type: 'delivery.select', method: 2 });
    return { actor, calls };
  }
  const form = { label: 'محل کار', address: 'تهران، خیابان ولیعصر، پلاک ۸', lat: 35.75, lng: 51.41 };

  it('Scenario: an edited address is saved with update_address and the list is loaded again', async () => {
    const { actor, calls } = onAddressList();
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }));
    actor.send({ type: 'address.update', addressId: farAddress.id, address: form });
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }) && calls.length === 3);
    expect(calls).toEqual(['load', `update ${farAddress.id}`, 'load']);
    expect(actor.getSnapshot().context.addresses.find((entry) => entry.id === farAddress.id)?.label).toBe('محل کار');
    expect(screenOf(actor.getSnapshot())).toBe('address');
  });

  it('Scenario: an invalid edit is refused with the spec §5 key and calls nothing; an unknown id is refused', async () => {
    const { actor, calls } = onAddressList();
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }));
    actor.send({ type: 'address.update', addressId: nearAddress.id, address: { ...form, label: 'خان' } });
    expect(actor.getSnapshot().context.refusal).toBe('address_label_short');
    actor.send({ type: 'address.update', addressId: nearAddress.id, address: { ...form, address: 'ونک' } });
    expect(actor.getSnapshot().context.refusal).toBe('address_short');
    actor.send({ type: 'address.update', addressId: 99, address: form });
    expect(actor.getSnapshot().context.refusal).toBe('address_unknown');
    actor.send({ type: 'address.delete', addressId: 99 });
    expect(actor.getSnapshot().context.refusal).toBe('address_unknown');
    expect(actor.getSnapshot().matches({ address: 'choosing' })).toBe(true);
    expect(calls).toEqual(['load']);
  });

  it('Scenario: a deleted address leaves the reloaded list; a refusal by the server is kept as the failure', async () => {
    const { actor, calls } = onAddressList();
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }));
    actor.send({ type: 'address.delete', addressId: nearAddress.id });
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }) && calls.length === 3);
    expect(actor.getSnapshot().context.addresses.map((entry) => entry.id)).not.toContain(nearAddress.id);

    const refused = onAddressList(true);
    await waitFor(refused.actor, (snapshot) => snapshot.matches({ address: 'choosing' }));
    refused.actor.send({ type: 'address.delete', addressId: nearAddress.id });
    await waitFor(refused.actor, (snapshot) => snapshot.matches({ address: 'choosing' }) && snapshot.context.failure !== null);
    expect(refused.actor.getSnapshot().context.failure).toEqual({ result: 'not_found', message: 'آدرس پیدا نشد' });
    expect(refused.calls).toEqual(['load', `delete ${nearAddress.id}`]);
  });
});
