import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { liveStaffChannel } from '@/console/live-staff-channel';

// The console posts to a relative URL, as the browser allows; under Node it is resolved against a shop's origin.
const NativeRequest = globalThis.Request;
class ShopRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://kebab.localhost') : input, init);
  }
}

let held: Request[] = [];
beforeEach(() => {
  held = [];
  vi.stubGlobal('Request', ShopRequest);
  // A server holding every long poll: nothing is answered until the request is aborted.
  vi.stubGlobal('fetch', (request: Request) => {
    held.push(request);
    return new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the console's live channel", () => {
  it('Scenario: a staff member logs out while a staff_longpull is held; the held request is cancelled, not left open for the hold', async () => {
    const actor = createActor(liveStaffChannel).start();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const [poll] = held;
    expect((await poll!.clone().formData()).get('code')).toBe('staff_longpull');
    expect(poll!.signal.aborted).toBe(false);
    actor.stop();
    expect(poll!.signal.aborted).toBe(true);
  });
});
