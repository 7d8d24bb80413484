import { fromPromise } from 'xstate';
import type { Code, DataOf, RequestOf } from '@contract/api';
import { call } from '@/api/client';
import { viaApi } from '@/api/failure';

/**
 * A promise actor for one contract code: its reply is the code's data and its
 * request is built from the machine's input, both typed by contract/api.ts (so
 * they are written once, there). Refusals reject with the machines' failure
 * shape (result, message, data).
 */
export const fromCode = <C extends Code, TInput>(code: C, request: (input: TInput) => RequestOf<C>) =>
  fromPromise<DataOf<C>, TInput>(({ input }) => viaApi(call(code, request(input))));
