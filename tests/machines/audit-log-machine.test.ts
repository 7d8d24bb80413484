import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuditEntry, TeamMember } from '@contract/console/counter-entities';
import { auditLogMachine, type AuditPage, type AuditPageRequest } from '@machines/console/audit-log-machine';

const entry = (id: number): AuditEntry => ({ id, at: '2026-11-27T08:00:00.000Z', staff_id: 1, staff_name: 'Owner', action: 'wallet_adjust', subject_type: 'user', subject_id: 7, detail: { amount: 1000 } });

describe('audit log chart', () => {
  it('loads newest first, more on request, and one staff member by the filter', async () => {
    const requests: AuditPageRequest[] = [];
    const pages: AuditPage[] = [
      { entries: [entry(9), entry(8)], num_results: 3, next_offset: 2 },
      { entries: [entry(7)], num_results: 3, next_offset: null },
      { entries: [entry(8)], num_results: 1, next_offset: null },
    ];
    const machine = auditLogMachine.provide({
      actors: {
        'load entries': fromPromise(async ({ input }: { input: AuditPageRequest }) => {
          requests.push(input);
          return pages[requests.length - 1];
        }),
        'load team': fromPromise(async (): Promise<TeamMember[]> => []),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ log: 'shown' }));
    actor.send({ type: 'audit.more' });
    await waitFor(actor, (snapshot) => snapshot.context.entries.length === 3);
    expect(actor.getSnapshot().can({ type: 'audit.more' })).toBe(false);
    actor.send({ type: 'audit.filter', staffId: 2 });
    await waitFor(actor, (snapshot) => snapshot.matches({ log: 'shown' }) && snapshot.context.entries.length === 1);
    expect(requests).toEqual([
      { offset: 0, length: 50 },
      { offset: 2, length: 50 },
      { staff_id: 2, offset: 0, length: 50 },
    ]);
  });
});
