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

/** An access request as the account's detail carries it (get_user_detail at an access-request shop). */
export interface KnownAccessRequest {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
}

/**
 * What the request page shows: the form, 'received' (waiting for the shop), or the shop's decision on it. `sent` is the
 * request this page sent; the account's latest request (read again live when the shop decides) says where it stands.
 * Without a request of this page's own, an earlier refusal leaves the form open: the customer may ask again.
 */
export function accessRequestStage(latest: KnownAccessRequest | null | undefined, sent: { id: number } | null): 'form' | 'received' | 'approved' | 'rejected' {
  if (sent !== null) {
    const answer = latest && latest.id >= sent.id ? latest.status : 'pending';
    return answer === 'pending' ? 'received' : answer;
  }
  if (latest?.status === 'pending') return 'received';
  return latest?.status === 'approved' ? 'approved' : 'form';
}
