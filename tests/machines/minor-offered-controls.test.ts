import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { AdDetail } from '@contract/entities/ad';
import { authMachine } from '@machines/auth-machine';
import { adDetailMachine } from '@machines/classifieds/ad-detail-machine';
import { itemOptionsMachine } from '@machines/item-options-machine';
import { adDetail } from './classifieds/ad-fixtures';
import { filledCartFixture, userFixture } from './fixtures';
import { pizza, pizzaOptions } from './item-options-fixtures';

/*
 * Controls a view shows while its chart takes nothing from them: each is disabled unless snapshot.can() says the
 * press is taken, so none is pressed for nothing.
 */
describe('minor controls are offered only where their chart takes them', () => {
  it("Scenario: the report's Cancel is not taken while the report is sent; it is while the reason is typed", async () => {
    const machine = adDetailMachine.provide({
      actors: {
        'load ad': fromPromise<AdDetail, { id: number }>(async ({ input }) => adDetail(input.id)),
        'report ad': fromPromise<{ ad_id: number; reported: true }, { adId: number; reason: string }>(() => new Promise(() => {})),
      },
    });
    const actor = createActor(machine, { input: { adId: 42, loggedIn: true } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'detail.report' });
    expect(actor.getSnapshot().can({ type: 'detail.cancelReport' })).toBe(true);
    actor.send({ type: 'detail.reason', text: 'قیمت ساختگی است' });
    actor.send({ type: 'detail.sendReport' });
    expect(actor.getSnapshot().matches({ shown: { report: 'sending' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'detail.cancelReport' })).toBe(false);
  });

  it("Scenario: the logout question's Cancel is not taken once logging out has started", () => {
    const machine = authMachine.provide({ actors: { 'log out': fromPromise<void, void>(() => new Promise(() => {})) } });
    const actor = createActor(machine, { input: { user: userFixture } }).start();
    actor.send({ type: 'logout.request' });
    expect(actor.getSnapshot().can({ type: 'logout.cancel' })).toBe(true);
    actor.send({ type: 'logout.confirm' });
    expect(actor.getSnapshot().matches({ loggedIn: 'loggingOut' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'logout.cancel' })).toBe(false);
  });

  it('Scenario: while the line is being added to the cart, no size is taken; once added, another can be chosen', () => {
    const cart = createActor(fromCallback(() => () => {})).start() as AnyActorRef;
    const actor = createActor(itemOptionsMachine, { input: { item: pizza, options: pizzaOptions, cart } }).start();
    const larger = { type: 'size.select', name: '۳۰ سانتی‌متر' } as const;
    expect(actor.getSnapshot().can(larger)).toBe(true);
    actor.send({ type: 'size.select', name: '۲۴ سانتی‌متر' });
    actor.send({ type: 'selection.submit' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().can(larger)).toBe(false);
    actor.send({ type: 'cart.added', cart: filledCartFixture });
    expect(actor.getSnapshot().value).toBe('added');
    expect(actor.getSnapshot().can(larger)).toBe(true);
  });
});
