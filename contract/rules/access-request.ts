/*
 * What an access request must say (request_access at an access-request shop): who is asking. The
 * form's chart checks it before sending and the server refuses the same request, so an empty form
 * never promises an answer by SMS.
 */

export interface AccessRequestInput {
  company: string;
  message: string;
}

/** The fields of an access request that are missing, by field (empty when it may be sent). */
export type AccessRequestProblems = Partial<Record<keyof AccessRequestInput, 'required'>>;

/** The store or company name is required: the shop answers a business, not a blank. */
export function accessRequestProblems(input: Partial<AccessRequestInput>): AccessRequestProblems {
  return (input.company ?? '').trim() === '' ? { company: 'required' } : {};
}
