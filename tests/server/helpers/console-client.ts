import { expect } from 'vitest';
import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoints, type ConsoleCode, type ConsoleDataOf } from '@contract/console/api';
import { CONSOLE_API } from '@contract/console/rules';
import { envelope } from '@contract/envelope';
import { STAFF_COOKIE } from '../../../server/http/staff-session';

export interface ConsoleAnswer {
  statusCode: number;
  body: { status: boolean; result: string; message: string | null; data: unknown };
}

let ipSeq = 1;
/** A client address no other call used (the login limits count per address). */
export const freshIp = () => `10.72.${Math.floor(ipSeq / 250) % 250}.${ipSeq++ % 250}`;

/** Console API calls with a staff cookie (or none) at one host, through `app` (any instance). */
export function consoleClient(app: FastifyInstance, host: string, cookie: string | null, ip = freshIp()) {
  const post = async (fields: Record<string, string>, language = 'en'): Promise<ConsoleAnswer> => {
    const response = await app.inject({
      method: 'POST',
      url: CONSOLE_API,
      remoteAddress: ip,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language, ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });
    return { statusCode: response.statusCode, body: response.json() };
  };
  return {
    post,
    /** `code` must succeed; its data parsed with the contract's schema */
    async call<C extends ConsoleCode>(code: C, fields: Record<string, string> = {}): Promise<ConsoleDataOf<C>> {
      const answer = await post({ code, ...fields });
      if (answer.statusCode !== 200) throw new Error(`${code} answered ${answer.statusCode}: ${JSON.stringify(answer.body)}`);
      return v.parse(envelope(consoleEndpoints[code].data), answer.body).data as ConsoleDataOf<C>;
    },
  };
}

export type ConsoleClient = ReturnType<typeof consoleClient>;

/** Logs a staff member in (the seeded owner by default) through `app`; their client and cookie. */
export async function staffLogin(app: FastifyInstance, host: string, username = 'admin', password = `demo-${host.split('.')[0]}`) {
  const response = await app.inject({
    method: 'POST',
    url: CONSOLE_API,
    remoteAddress: freshIp(),
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ code: 'staff_login', username, password }).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = `${STAFF_COOKIE}=${response.cookies.find((entry) => entry.name === STAFF_COOKIE)?.value}`;
  return { cookie, api: consoleClient(app, host, cookie) };
}
