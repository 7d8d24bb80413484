import { describe, expect, it } from 'vitest';
import { accessRequestStage, type KnownAccessRequest } from '@contract/rules/access-request';
import { shopGate } from '@contract/rules/shop-access';

const request = (id: number, status: KnownAccessRequest['status'], reason = ''): KnownAccessRequest => ({ id, status, reason });

describe('shopGate: why a shop asks an anonymous visitor to log in', () => {
  it('names an access-request shop wholesale, a force-login shop members, any other none', () => {
    expect(shopGate({ force_login: 0, access_request: 1 })).toBe('wholesale');
    expect(shopGate({ force_login: 1, access_request: 1 })).toBe('wholesale');
    expect(shopGate({ force_login: 1, access_request: 0 })).toBe('members');
    expect(shopGate({ force_login: 0, access_request: 0 })).toBeNull();
  });
});

describe('accessRequestStage: what the request page shows', () => {
  it('offers the form to an account without a request, and again after a refusal it did not just send', () => {
    expect(accessRequestStage(null, null)).toBe('form');
    expect(accessRequestStage(undefined, null)).toBe('form');
    expect(accessRequestStage(request(3, 'rejected', 'no licence'), null)).toBe('form');
  });

  it('says received while the request waits, whether sent here or before', () => {
    expect(accessRequestStage(request(3, 'pending'), null)).toBe('received');
    expect(accessRequestStage(request(3, 'pending'), { id: 3 })).toBe('received');
    // Sent here before the account was read again: the earlier refusal is not this request's answer.
    expect(accessRequestStage(request(2, 'rejected'), { id: 3 })).toBe('received');
    expect(accessRequestStage(null, { id: 3 })).toBe('received');
  });

  it('shows the decision on the request sent here once the account is read again', () => {
    expect(accessRequestStage(request(3, 'approved'), { id: 3 })).toBe('approved');
    expect(accessRequestStage(request(3, 'rejected', 'no licence'), { id: 3 })).toBe('rejected');
    expect(accessRequestStage(request(3, 'approved'), null)).toBe('approved');
  });
});
