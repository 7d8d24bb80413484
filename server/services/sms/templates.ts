import type { SmsTemplate } from './sms-provider';

/**
 * Each template's environment variable (its name at Kavenegar, its numeric id at SMS.ir) and the values it takes. The
 * panel's template must use these: at SMS.ir by name (#CODE#, #MINUTES#, #TIME#, #SHOP#, #REASON#); at
 * Kavenegar as %token (CODE), %token2 (MINUTES), %token10 (SHOP) and %token20 (REASON, or TIME: a day and a time)
 * (kavenegar-provider.ts).
 */
export const SMS_TEMPLATES: Record<SmsTemplate, { env: string; params: readonly string[] }> = {
  login_code: { env: 'SMS_TEMPLATE_LOGIN', params: ['CODE'] },
  order_confirmed: { env: 'SMS_TEMPLATE_ORDER_CONFIRMED', params: ['CODE', 'MINUTES', 'SHOP'] },
  order_confirmed_for: { env: 'SMS_TEMPLATE_ORDER_CONFIRMED_FOR', params: ['CODE', 'TIME', 'SHOP'] },
  order_sent: { env: 'SMS_TEMPLATE_ORDER_SENT', params: ['CODE', 'SHOP'] },
  order_new: { env: 'SMS_TEMPLATE_ORDER_NEW', params: ['CODE', 'SHOP'] },
  access_approved: { env: 'SMS_TEMPLATE_ACCESS_APPROVED', params: ['SHOP'] },
  access_denied: { env: 'SMS_TEMPLATE_ACCESS_DENIED', params: ['SHOP', 'REASON'] },
};

export const SMS_TEMPLATE_NAMES = Object.keys(SMS_TEMPLATES) as SmsTemplate[];

/** The configured templates: name or id per template, from SMS_TEMPLATE_*; unset ones are not sent by a real provider. */
export function templatesFromEnv(env: NodeJS.ProcessEnv): Partial<Record<SmsTemplate, string>> {
  const found: Partial<Record<SmsTemplate, string>> = {};
  for (const name of SMS_TEMPLATE_NAMES) {
    const value = env[SMS_TEMPLATES[name].env]?.trim();
    if (value) found[name] = value;
  }
  return found;
}
