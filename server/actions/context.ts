import type { Code, DataOf, Endpoints, ParsedRequestOf } from '@contract/api';
import type { ActionContext, SignedInContext } from '../services/context';

export type { ActionContext, HttpContext, SignedInContext } from '../services/context';

type ContextFor<C extends Code> = Endpoints[C]['login'] extends true ? SignedInContext : ActionContext;

/** An action: the parsed payload in, the reply's data out (the dispatcher wraps it in the envelope). */
export type Handler<C extends Code> = (context: ContextFor<C>, input: ParsedRequestOf<C>) => Promise<DataOf<C>>;

/** A group of actions keyed by code. */
export type Handlers<K extends Code> = { [C in K]: Handler<C> };

/** URL of a stored picture, served by GET /media/:id. */
export const mediaUrl = (id: number | null): string | null => (id === null ? null : `/media/${id}`);
