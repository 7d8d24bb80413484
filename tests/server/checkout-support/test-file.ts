import { afterAll, beforeAll } from 'vitest';
import type { SmsProvider } from '../../../server/services/sms';
import { createTestApp, type TestApp } from '../helpers/create-test-app';
import { movableClock } from './helpers';

/** The app a file started, usable as `t` from the file's top (also spread: `{ ...t, app }`); any use before beforeAll ran is an error. */
function startedApp(current: () => TestApp | undefined): TestApp {
  const started = (): TestApp => {
    const app = current();
    if (!app) throw new Error('the test app is used before beforeAll started it');
    return app;
  };
  return new Proxy({} as TestApp, {
    get(_, property) {
      const app = started();
      const value = Reflect.get(app, property, app);
      return typeof value === 'function' ? value.bind(app) : value;
    },
    has: (_, property) => Reflect.has(started(), property),
    ownKeys: () => Reflect.ownKeys(started()),
    getOwnPropertyDescriptor(_, property) {
      const descriptor = Reflect.getOwnPropertyDescriptor(started(), property);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * The setup every checkout and money test file shares: one real app on a movable
 * clock (optionally with an SMS provider made on that clock), started before the
 * file and closed after it; the kebab host; the database's name for describe
 * titles; and idempotency keys unique to the file (`prefix`).
 */
export function checkoutTestFile<S extends SmsProvider | undefined = undefined>(prefix: string, options: { sms?: (now: () => Date) => S; longpollHoldMs?: number } = {}) {
  const clock = movableClock();
  const sms = options.sms?.(clock.now) as S;
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({ clock: clock.now, sms, longpollHoldMs: options.longpollHoldMs });
  });
  afterAll(() => app?.close());
  let keys = 0;
  return {
    t: startedApp(() => app),
    clock,
    sms,
    host: 'kebab.localhost',
    database: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    /** a fresh idempotency key */
    key: () => `${prefix}-key-${++keys}-${Date.now()}`,
  };
}
