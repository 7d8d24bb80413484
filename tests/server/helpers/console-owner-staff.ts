import { expect } from 'vitest';
import { staffLogin, type ConsoleClient } from './console-client';
import { createTestApp } from './create-test-app';

/** A test app with the shop's seeded owner and a staff member ('counter') logged in at `host`. */
export async function appWithOwnerAndStaff(host: string, options: { clock?: () => Date } = {}) {
  const t = await createTestApp({ clock: options.clock });
  const owner = await staffLogin(t.app, host);
  await owner.api.call('team_add', { name: 'Counter', username: 'counter', password: 'counter-secret-1', role: 'staff' });
  const staff = await staffLogin(t.app, host, 'counter', 'counter-secret-1');
  return { t, owner, staff };
}

/** A 4xx answer of the console (never a 5xx): its status, result, message and the field it names. */
export async function refusedAnswer(client: ConsoleClient, fields: Record<string, string>, language = 'en') {
  const answer = await client.post(fields, language);
  expect(answer.statusCode).toBeGreaterThanOrEqual(400);
  expect(answer.statusCode).toBeLessThan(500);
  return { status: answer.statusCode, result: answer.body.result, message: answer.body.message, field: (answer.body.data as { field?: string } | null)?.field };
}
