import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { SMS_TIMEOUT_MS, createSmsProvider, type SmsProvider } from '../../services/sms';

declare module 'fastify' {
  interface FastifyInstance {
    /** where login codes go */
    sms: SmsProvider;
  }
}

/** The SMS provider: the one given (tests), else the one the configuration names (the console's by default). */
export const smsPlugin = fp<{ provider?: SmsProvider; config?: Config['sms'] }>(
  async (app, { provider, config }) => {
    const settings = config ?? { provider: 'console', apiKey: null, apiUrl: null, templates: {}, timeoutMs: SMS_TIMEOUT_MS };
    const sms = provider ?? createSmsProvider({ ...settings, nodeEnv: app.settings.nodeEnv }, (line) => app.log.info(line));
    app.decorate('sms', sms);
  },
  { name: 'sms', dependencies: ['settings'] },
);
