import type { Code, DataOf, Endpoints, ParsedRequestOf } from '@contract/api';
import type { Language } from '@contract/enums';
import type { Database } from '../db/connection';
import type { ShopRow, UserRow } from '../db/schema';
import type { Repositories } from '../repositories';
import type { SmsProvider } from '../services/sms';
import type { PaymentGateways } from '../services/payments';

/** The HTTP side an action may touch: cookies, the client address, and whether the request came over HTTPS. */
export interface HttpContext {
  cookies: Record<string, string | undefined>;
  ip: string;
  secure: boolean;
  setCookie: (name: string, value: string, options: { maxAgeSeconds: number }) => void;
  clearCookie: (name: string) => void;
}

/** What every action gets: the database, the request's shop (and its repositories), user and language. */
export interface ActionContext {
  db: Database;
  shop: ShopRow;
  repos: Repositories;
  user: UserRow | null;
  language: Language;
  http: HttpContext;
  /** injectable time (tests move it instead of sleeping) */
  clock: () => Date;
  sms: SmsProvider;
  /** the gateways this server runs (PAYMENT_GATEWAY) */
  payments: PaymentGateways;
}

export interface SignedInContext extends ActionContext {
  user: UserRow;
}

type ContextFor<C extends Code> = Endpoints[C]['login'] extends true ? SignedInContext : ActionContext;

/** An action: the parsed payload in, the reply's data out (the dispatcher wraps it in the envelope). */
export type Handler<C extends Code> = (context: ContextFor<C>, input: ParsedRequestOf<C>) => Promise<DataOf<C>>;

/** A group of actions keyed by code. */
export type Handlers<K extends Code> = { [C in K]: Handler<C> };

/** URL of a stored picture, served by GET /media/:id. */
export const mediaUrl = (id: number | null): string | null => (id === null ? null : `/media/${id}`);
