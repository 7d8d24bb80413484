import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createSmsProvider, type SmsProvider } from '../../services/sms';

declare module 'fastify' {
  interface FastifyInstance {
    /** where login codes go */
    sms: SmsProvider;
  }
}

/** The SMS provider: the one given (tests), else the one the configuration names (the console's by default). */
export const smsPlugin = fp<{ provider?: SmsProvider; config?: Config['sms'] }>(
  async (app, { provider, config }) => {
    const sms =
      provider ??
      createSmsProvider(
        { provider: config?.provider ?? 'console', httpUrl: config?.httpUrl ?? null, httpToken: config?.httpToken ?? null, nodeEnv: app.settings.nodeEnv },
        (line) => app.log.info(line),
      );
    app.decorate('sms', sms);
  },
  { name: 'sms', dependencies: ['settings'] },
);
