import type * as v from 'valibot';

/*
 * How a table of endpoints is typed, once for both APIs (contract/api.ts, the storefront's codes;
 * contract/console/api.ts, the console's): each code names its request's schema and its reply data's.
 */

/** A table of codes, each with the schema of its request (form fields besides `code`) and of its reply's `data`. */
export type EndpointTable = { readonly [code: string]: { readonly request: v.GenericSchema; readonly data: v.GenericSchema } };

/** A code's request as a client sends it. */
export type RequestIn<T extends EndpointTable, C extends keyof T> = v.InferInput<T[C]['request']>;
/** A code's request once its schema parsed it (what an action gets). */
export type ParsedRequestIn<T extends EndpointTable, C extends keyof T> = v.InferOutput<T[C]['request']>;
/** A code's reply data. */
export type DataIn<T extends EndpointTable, C extends keyof T> = v.InferOutput<T[C]['data']>;

/** Whether a string names a code of `table`. */
export const isCodeIn =
  <T extends EndpointTable>(table: T) =>
  (code: string): code is Extract<keyof T, string> =>
    Object.hasOwn(table, code);
