import type { Language } from '@contract/enums';
import type { ShopRow, UserRow } from '../db/schema';
import type { Repositories } from '../repositories';
import type { JobRunner } from './jobs/runner';
import type { PaymentGateways } from './payments';
import type { LiveHub } from './live/hub';
import type { EventBus } from './events';

/*
 * The request context the actions hand to services. It lives here, below the
 * actions, so services import it downward; server/actions/context.ts re-exports it.
 */

/** The HTTP side an action may touch: cookies, the client address, and whether the request came over HTTPS. */
export interface HttpContext {
  cookies: Record<string, string | undefined>;
  ip: string;
  secure: boolean;
  /** the origin the customer reached (scheme and Host, as TRUST_PROXY allows): a bank's absolute callback */
  origin: string;
  setCookie: (name: string, value: string, options: { maxAgeSeconds: number }) => void;
  clearCookie: (name: string) => void;
  /** aborts when the client goes away before its answer (a held long-poll stops waiting) */
  readonly disconnected: AbortSignal;
}

/**
 * What every action gets: the request's shop, its repositories, user and language. No database: an action
 * reaches data only through `repos`, built for the shop, so an unscoped query cannot be written by accident.
 */
export interface ActionContext {
  shop: ShopRow;
  /** the shop of the request's Host: `shop` itself, or the master whose branch the visitor chose (plugins/tenant.ts) */
  hostShop: ShopRow;
  /** the shop's repositories; in a `writes` code bound to its transaction (`repos.transaction` for one of the action's own) */
  repos: Repositories;
  user: UserRow | null;
  language: Language;
  http: HttpContext;
  /** injectable time (tests move it instead of sleeping) */
  clock: () => Date;
  /** the jobs runner: an action runs the first try of a job it scheduled (the login's SMS) */
  jobs: Pick<JobRunner, 'runKey'>;
  /** the gateways this server runs (PAYMENT_GATEWAY) */
  payments: PaymentGateways;
  /** the live hub: long-polls wait on it, writers announce live events through it */
  live: LiveHub;
  /** the bus every instance shares; a write that changes what others keep publishes on it after commit (afterCommit) */
  events: EventBus;
  /**
   * Runs `task` once the request's transaction committed (a `writes` code), else once the action
   * returned: announcing live events, which readers must find committed.
   */
  afterCommit: (task: () => Promise<void>) => void;
}

export interface SignedInContext extends ActionContext {
  user: UserRow;
}
