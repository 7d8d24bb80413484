import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TeamMember } from '@contract/console/counter-entities';
import { STAFF_PASSWORD_MIN } from '@contract/console/rules';
import { teamMachine, type MemberUpdate, type NewMember } from '@machines/console/team-machine';

const member = (id: number, role: TeamMember['role'] = 'staff'): TeamMember => ({ id, name: `Member ${id}`, username: `m${id}`, role, disabled: false, created_at: '2026-11-27T08:00:00.000Z' });

function start(update: (input: MemberUpdate) => Promise<TeamMember> = async (input) => ({ ...member(input.staff_id), disabled: input.disabled === 1 })) {
  const added: NewMember[] = [];
  const updates: MemberUpdate[] = [];
  const machine = teamMachine.provide({
    actors: {
      'load team': fromPromise(async () => [member(1, 'owner'), member(2)]),
      'add member': fromPromise(async ({ input }: { input: NewMember }) => {
        added.push(input);
        return { ...member(3, input.role), name: input.name, username: input.username };
      }),
      'update member': fromPromise(async ({ input }: { input: MemberUpdate }) => {
        updates.push(input);
        return update(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, added, updates };
}

describe('team chart', () => {
  it('refuses a new account with a short password here; a complete one is added to the list', async () => {
    const { actor, added } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'add.edit', field: 'name', value: ' Reza ' });
    actor.send({ type: 'add.edit', field: 'username', value: 'reza' });
    actor.send({ type: 'add.edit', field: 'password', value: 'x'.repeat(STAFF_PASSWORD_MIN - 1) });
    actor.send({ type: 'add.submit' });
    expect(actor.getSnapshot().context.addProblems).toEqual({ password: 'too_short' });
    expect(added).toEqual([]);
    actor.send({ type: 'add.edit', field: 'password', value: 'x'.repeat(STAFF_PASSWORD_MIN) });
    actor.send({ type: 'add.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.note !== null);
    expect(added).toEqual([{ name: 'Reza', username: 'reza', password: 'x'.repeat(STAFF_PASSWORD_MIN), role: 'staff' }]);
    expect(actor.getSnapshot().context.members.map((shown) => shown.id)).toEqual([1, 2, 3]);
    expect(actor.getSnapshot().context.form.name).toBe('');
  });

  it('disables a member and refuses a blank rename here', async () => {
    const { actor, updates } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'member.change', staffId: 2, change: { name: '  ' } });
    expect(actor.getSnapshot().context.changeProblems).toEqual({ staffId: 2, problems: { name: 'required' } });
    actor.send({ type: 'member.change', staffId: 2, change: { disabled: 1 } });
    await waitFor(actor, (snapshot) => snapshot.context.note !== null);
    expect(updates).toEqual([{ staff_id: 2, disabled: 1 }]);
    expect(actor.getSnapshot().context.members.find((shown) => shown.id === 2)?.disabled).toBe(true);
  });

  it("keeps the server's refusal (the last owner) in its words", async () => {
    const refusal = { result: 'last_owner', message: 'The shop needs an owner.' };
    const { actor } = start(() => Promise.reject(refusal));
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'member.change', staffId: 1, change: { role: 'staff' } });
    await waitFor(actor, (snapshot) => snapshot.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toMatchObject(refusal);
    expect(actor.getSnapshot().context.members[0].role).toBe('owner');
  });
});
