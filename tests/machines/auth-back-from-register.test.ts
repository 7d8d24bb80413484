import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { User } from '@contract/index';
import { authMachine, type AuthStep, type CodeChecked, type CodeSent, type Recalled } from '@machines/auth-machine';
import { userFixture } from './fixtures';

/** A new visitor whose code was taken: on the name's step, recording the steps shown and the codes sent. */
async function onTheNameStep() {
  const steps: AuthStep[] = [];
  const codesSentTo: string[] = [];
  let resend: (sent: CodeSent) => void = () => {};
  const machine = authMachine.provide({
    actors: {
      'recall login': fromPromise<Recalled, void>(async () => ({ ref: null, pending: null })),
      'send code': fromPromise<CodeSent, { phone: string }>(({ input }) => {
        codesSentTo.push(input.phone);
        return codesSentTo.length === 1 ? Promise.resolve({ phone: input.phone, resend_after: 0 }) : new Promise((resolve) => (resend = resolve));
      }),
      'check code': fromPromise<CodeChecked, { code: string }>(async () => ({ registered: false, user: null })),
      register: fromPromise<User, { name: string; ref: string | null }>(async () => userFixture),
      countdown: fromCallback(() => () => {}),
    },
    actions: { 'show step': (_, params) => void steps.push(params.step) },
  });
  const actor = createActor(machine, { input: {} });
  actor.start();
  await waitFor(actor, (snapshot) => snapshot.matches('phone'));
  actor.send({ type: 'phone.submit', phone: '09121234567' });
  await waitFor(actor, (snapshot) => snapshot.matches('verify'));
  actor.send({ type: 'code.submit', code: '123456' });
  await waitFor(actor, (snapshot) => snapshot.matches('register'));
  return { actor, steps, codesSentTo, resend: (sent: CodeSent) => resend(sent) };
}

describe('auth machine: every step a page shows takes what the page offers', () => {
  it('Scenario: Back from the name\'s step lands on the login page, where another number can log in', async () => {
    const { actor, codesSentTo } = await onTheNameStep();
    expect(actor.getSnapshot().can({ type: 'phone.submit', phone: '09350000000' })).toBe(false);
    actor.send({ type: 'login.open' });
    expect(actor.getSnapshot().matches('phone')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'phone.submit', phone: '09350000000' })).toBe(true);
    actor.send({ type: 'phone.submit', phone: '09350000000' });
    expect(actor.getSnapshot().matches('sendingCode')).toBe(true);
    expect(codesSentTo).toEqual(['09121234567', '09350000000']);
  });

  it('Scenario: the code\'s page opened after the code was taken shows the name\'s step; its Confirm and Change number are not offered', async () => {
    const { actor, steps } = await onTheNameStep();
    expect(steps).toEqual(['verify', 'register']);
    actor.send({ type: 'verify.open' });
    expect(steps).toEqual(['verify', 'register', 'register']);
    expect(actor.getSnapshot().matches({ register: 'editing' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'code.submit', code: '123456' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'phone.edit' })).toBe(false);
  });

  it('Scenario: while the code is sent again, Confirm is not offered; it is once the code is on its way', async () => {
    const system = await onTheNameStep();
    system.actor.send({ type: 'login.open' });
    system.actor.send({ type: 'phone.submit', phone: '09350000000' });
    system.resend({ phone: '09350000000', resend_after: 0 });
    await waitFor(system.actor, (snapshot) => snapshot.matches({ verify: 'waiting' }));
    system.actor.send({ type: 'code.resend' });
    expect(system.actor.getSnapshot().matches({ verify: 'resending' })).toBe(true);
    expect(system.actor.getSnapshot().can({ type: 'code.submit', code: '123456' })).toBe(false);
    expect(system.actor.getSnapshot().can({ type: 'phone.edit' })).toBe(true);
    system.resend({ phone: '09350000000', resend_after: 60 });
    await waitFor(system.actor, (snapshot) => snapshot.matches({ verify: 'waiting' }));
    expect(system.actor.getSnapshot().can({ type: 'code.submit', code: '123456' })).toBe(true);
  });
});
