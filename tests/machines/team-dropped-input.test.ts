import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TeamMember } from '@contract/console/counter-entities';
import { STAFF_PASSWORD_MIN } from '@contract/console/rules';
import { teamMachine, type MemberUpdate, type NewMember } from '@machines/console/team-machine';
import { heldRequests, settle } from './held-requests';

const member = (id: number): TeamMember => ({ id, name: `Member ${id}`, username: `m${id}`, role: 'staff', disabled: false, created_at: '2026-11-27T08:00:00.000Z' });

async function shown() {
  const adds = heldRequests<NewMember, TeamMember>();
  const updates = heldRequests<MemberUpdate, TeamMember>();
  const machine = teamMachine.provide({
    actors: {
      'load team': fromPromise(async () => [member(1), member(2)]),
      'add member': fromPromise(({ input }: { input: NewMember }) => adds.call(input)),
      'update member': fromPromise(({ input }: { input: MemberUpdate }) => updates.call(input)),
    },
  });
  const actor = createActor(machine).start();
  await settle();
  expect(actor.getSnapshot().matches('shown')).toBe(true);
  return { actor, adds, updates };
}

describe('team: nothing typed is dropped, and the chart says which change it takes', () => {
  it('Scenario: typing the new account while another member’s change saves keeps the text', async () => {
    const { actor, updates } = await shown();
    actor.send({ type: 'member.change', staffId: 1, change: { disabled: 1 } });
    expect(actor.getSnapshot().matches('changing')).toBe(true);
    actor.send({ type: 'add.edit', field: 'name', value: 'Reza' });
    actor.send({ type: 'add.edit', field: 'username', value: 'reza' });
    expect(actor.getSnapshot().context.form).toMatchObject({ name: 'Reza', username: 'reza' });
    updates.next().resolve({ ...member(1), disabled: true });
    await settle();
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(actor.getSnapshot().context.form).toMatchObject({ name: 'Reza', username: 'reza' });
  });

  it('Scenario: another member’s rename, role, password and switch are not taken while a change or an add runs, and are once it ends', async () => {
    const { actor, adds, updates } = await shown();
    const changes = [{ name: 'Sara' }, { role: 'owner' as const }, { password: 'x'.repeat(STAFF_PASSWORD_MIN) }, { disabled: 1 as const }];
    const taken = () => changes.map((change) => actor.getSnapshot().can({ type: 'member.change', staffId: 2, change }));
    expect(taken()).toEqual([true, true, true, true]);
    actor.send({ type: 'member.change', staffId: 1, change: { disabled: 1 } });
    expect(taken()).toEqual([false, false, false, false]);
    updates.next().resolve({ ...member(1), disabled: true });
    await settle();
    expect(taken()).toEqual([true, true, true, true]);
    actor.send({ type: 'add.edit', field: 'name', value: 'Reza' });
    actor.send({ type: 'add.edit', field: 'username', value: 'reza' });
    actor.send({ type: 'add.edit', field: 'password', value: 'x'.repeat(STAFF_PASSWORD_MIN) });
    actor.send({ type: 'add.submit' });
    expect(actor.getSnapshot().matches('adding')).toBe(true);
    expect(taken()).toEqual([false, false, false, false]);
    adds.next().resolve({ ...member(3), name: 'Reza', username: 'reza' });
    await settle();
    expect(taken()).toEqual([true, true, true, true]);
  });
});
