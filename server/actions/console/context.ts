import type { ConsoleCode, ConsoleDataOf, ConsoleEndpoints, ConsoleParsedRequestOf } from '@contract/console/api';
import type { Language } from '@contract/enums';
import type { Repositories } from '../../repositories';
import type { ShopRow, StaffRow } from '../../db/schema';
import type { LiveHub } from '../../services/live';
import type { PaymentGateways } from '../../services/payments';
import type { EventBus } from '../../services/events';
import type { JobRunner } from '../../services/jobs/runner';

/** The staff cookie as an action may touch it: its value, set a new token, clear it. */
export interface StaffCookie {
  value: string | undefined;
  set: (token: string) => void;
  clear: () => void;
}

/** What every console action gets: the Host's shop, the staff member (if any), the language and the cookie. */
export interface ConsoleContext {
  /** the shop of the request's Host; its root's staff may work here */
  shop: ShopRow;
  /** the Host's shop's repositories: the only way an action reaches data */
  repos: Repositories;
  staff: StaffRow | null;
  language: Language;
  /** the client address (request.ip: TRUST_PROXY decides) */
  ip: string;
  staffCookie: StaffCookie;
  /** the `staff_device` cookie: a browser a staff member signed in on before (services/staff-login-limits.ts) */
  deviceCookie: Pick<StaffCookie, 'value' | 'set'>;
  /** injectable time (tests move it instead of sleeping) */
  clock: () => Date;
  /** the instance's live hub: long-polls wait on it, writers announce through it */
  live: LiveHub;
  /** the server's banks (a staff cancel refunds through them) */
  payments: PaymentGateways;
  /** the bus every instance shares: what others keep of a changed user or shop is dropped through it, after commit */
  events: EventBus;
  /** the jobs runner: an action runs the first try of a job it scheduled (an SMS) once its write committed */
  jobs: Pick<JobRunner, 'runKey'>;
  /** a warning in the server's log (what failed after a write committed, e.g. an SMS) */
  warn: (message: string) => void;
  /** aborts when the client goes away (made on first use: only a held long-poll asks) */
  disconnected: () => AbortSignal;
}

/** The context of a code marked `staff: true`: the route checked the session first. */
export interface StaffContext extends ConsoleContext {
  staff: StaffRow;
}

type ContextFor<C extends ConsoleCode> = ConsoleEndpoints[C]['staff'] extends true ? StaffContext : ConsoleContext;

/** A console action: the parsed payload in, the reply's data out (the route wraps it in the envelope). */
export type ConsoleHandler<C extends ConsoleCode> = (context: ContextFor<C>, input: ConsoleParsedRequestOf<C>) => Promise<ConsoleDataOf<C>>;

/** A group of console actions keyed by code. */
export type ConsoleHandlers<K extends ConsoleCode> = { [C in K]: ConsoleHandler<C> };
