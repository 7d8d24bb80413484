import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { asFailure, messageOf, NETWORK_ERROR, retryAfterOf, waitSecondsOf } from '@machines/api-failure';
import { resourceMachine, type ApiRequest } from '@machines/resource-machine';

const refusal = { result: 'rate_limited', message: 'لطفا ۳۰ ثانیه صبر کنید', data: { wait_seconds: 30 } };

describe('one normaliser of actor failures (machines/api-failure.ts)', () => {
  it('an ApiFailure stays as it is; an Error or anything else becomes a network_error with its message', () => {
    expect(asFailure(refusal)).toEqual(refusal);
    expect(asFailure(Object.assign(new Error('Code expired'), { result: 'code_expired', data: null }))).toEqual({ result: 'code_expired', message: 'Code expired', data: null });
    expect(asFailure(new Error('Failed to fetch'))).toEqual({ result: NETWORK_ERROR, message: 'Failed to fetch' });
    expect(asFailure('timeout')).toEqual({ result: NETWORK_ERROR, message: 'timeout' });
    expect(asFailure({ message: 'no result word' })).toEqual({ result: NETWORK_ERROR, message: 'no result word' });
    expect(asFailure({ result: 'x', message: 42 })).toEqual({ result: 'x', message: '', data: undefined });
    expect(asFailure(null)).toEqual({ result: NETWORK_ERROR, message: 'null' });
  });

  it('the message for a person falls back to "error" when the failure has none', () => {
    expect(messageOf(refusal)).toBe(refusal.message);
    expect(messageOf(new Error('boom'))).toBe('boom');
    expect(messageOf({ result: 'x', message: '' })).toBe('error');
    expect(messageOf({})).toBe('error');
  });

  it('wait_seconds is read from the failure\'s data; a 503 without one waits the default', () => {
    expect(waitSecondsOf(refusal)).toBe(30);
    expect(waitSecondsOf({ result: 'x', message: '', data: { wait_seconds: '30' } })).toBeNull();
    expect(waitSecondsOf(new Error('x'))).toBeNull();
    expect(retryAfterOf({ result: 'service_unavailable', message: '', data: { wait_seconds: 12 } })).toBe(12);
    expect(retryAfterOf({ result: 'service_unavailable', message: '' })).toBe(5);
    expect(retryAfterOf(refusal)).toBeNull();
  });

  it('the resource machine shows the server\'s message of a refusal in the machines\' shape, not "[object Object]"', async () => {
    const actor = createActor(resourceMachine.provide({ actors: { call: fromPromise<unknown, ApiRequest>(async () => Promise.reject(refusal)) } }), {
      input: { load: { code: 'get_gallery', payload: {} } },
    }).start();
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.failure?.message).toBe(refusal.message);
    actor.stop();
  });
});
