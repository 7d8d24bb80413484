import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Address, LocationData } from '@contract/index';
import type { Point } from '@contract/rules/distance';
import { addressMachine, type AddressBookInput, type NewAddress } from '@machines/address-machine';
import { addedAddress, savedAddresses, suggestion } from './checkout-fixtures';

const courier: AddressBookInput = { method: 2, addresses: savedAddresses, chosenId: null, branch: '35.70,51.40' };

/** The address chart whose lookups, device position and saves wait until the test answers them. */
function book(input: AddressBookInput = courier) {
  const lookups: { point: Point; answer: (found: LocationData) => void }[] = [];
  let position: (point: Point) => void = () => {};
  let saved: NewAddress[] = [];
  const machine = addressMachine.provide({
    actors: {
      'load addresses': fromPromise<Address[], void>(() => new Promise(() => {})),
      locate: fromPromise<LocationData, Point>(({ input: point }) => new Promise((answer) => lookups.push({ point, answer }))),
      'device position': fromPromise<Point, void>(() => new Promise((resolve) => (position = resolve))),
      'save address': fromPromise<typeof addedAddress, NewAddress>(({ input: form }) => ((saved = [...saved, form]), new Promise(() => {}))),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, lookups, position: (point: Point) => position(point), saved: () => saved };
}

const step = (lat: number) => ({ type: 'address.locate', lat, lng: 51.4 }) as const;

describe('address chart: the latest point on the map wins (a tap, each arrow key\'s step)', () => {
  it('Scenario: arrow-key steps while the first point is looked up each move the point; only the last one\'s address is offered', async () => {
    const { actor, lookups } = book();
    actor.send({ type: 'address.compose', addressId: null });
    actor.send(step(35.7));
    actor.send(step(35.71));
    actor.send(step(35.72));
    expect(actor.getSnapshot().context.point).toEqual({ lat: 35.72, lng: 51.4 });
    expect(lookups.map((lookup) => lookup.point.lat)).toEqual([35.7, 35.71, 35.72]);
    lookups[0].answer({ ...suggestion, address: 'stale' });
    lookups[2].answer(suggestion);
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    expect(actor.getSnapshot().context.suggestion).toEqual(suggestion);
  });

  it('Scenario: a tap while the device is asked for its position is the point, looked up; «Use my location» while a point is looked up asks the device', async () => {
    const { actor, lookups, position } = book();
    actor.send({ type: 'address.findMe' });
    expect(actor.getSnapshot().matches('findingYou')).toBe(true);
    actor.send(step(35.7));
    expect(actor.getSnapshot().matches('locating')).toBe(true);
    position({ lat: 32.65, lng: 51.67 });
    expect(actor.getSnapshot().context.point).toEqual({ lat: 35.7, lng: 51.4 });
    expect(actor.getSnapshot().can({ type: 'address.findMe' })).toBe(true);
    actor.send({ type: 'address.findMe' });
    expect(actor.getSnapshot().matches('findingYou')).toBe(true);
    position({ lat: 32.65, lng: 51.67 });
    await waitFor(actor, (snapshot) => snapshot.matches('locating') && lookups.length === 2);
    expect(lookups.map((lookup) => lookup.point)).toEqual([{ lat: 35.7, lng: 51.4 }, { lat: 32.65, lng: 51.67 }]);
  });

  it('Scenario: a tap while the list loads or a save runs still moves the point the form saves next', () => {
    const loading = book({ ...courier, addresses: null });
    expect(loading.actor.getSnapshot().matches('loading')).toBe(true);
    expect(loading.actor.getSnapshot().can({ type: 'address.findMe' })).toBe(false);
    loading.actor.send(step(35.7));
    expect(loading.actor.getSnapshot().context.point).toEqual({ lat: 35.7, lng: 51.4 });
    expect(loading.actor.getSnapshot().matches('loading')).toBe(true);

    const saving = book();
    saving.actor.send({ type: 'address.add', address: { label: 'خانه', address: 'تهران، ونک، پلاک ۱', lat: 35.7, lng: 51.4 } });
    expect(saving.actor.getSnapshot().matches('saving')).toBe(true);
    saving.actor.send(step(35.75));
    expect(saving.actor.getSnapshot().context.point).toEqual({ lat: 35.75, lng: 51.4 });
    expect(saving.saved().map((form) => form.lat)).toEqual([35.7]);
  });
});
