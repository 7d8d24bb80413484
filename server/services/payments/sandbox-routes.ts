import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { sandboxGatewayTransactions } from '../../db/schema';
import { SANDBOX_PATH, sandboxRefNum } from './sandbox';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const withQuery = (url: string, query: Record<string, string>) => `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(query).toString()}`;

const STYLE = `body{font-family:Vazirmatn,Tahoma,sans-serif;background:#eef2f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:24px;max-width:380px;width:90%}
h1{font-size:1.2rem;margin:0 0 4px}p{margin:6px 0;color:#334}.amount{font-size:1.4rem;font-weight:bold;direction:ltr;text-align:center;margin:16px 0}
.actions{display:flex;gap:12px;margin-top:16px}button{flex:1;padding:12px;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
.pay{background:#1b7f3b;color:#fff}.cancel{background:#e6e9ef;color:#333}.en{direction:ltr;text-align:left;color:#667;font-size:.85rem}
form{flex:1;display:flex}`;

/** The page's only inline code is STYLE, allowed by its hash; no script, and its forms post to itself. */
const PAGE_CSP = {
  'script-src': ["'none'"],
  'style-src': [`'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`],
  'img-src': ["'none'"],
  'connect-src': ["'none'"],
};

function page(body: string): string {
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>درگاه آزمایشی | Sandbox bank</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** A payment token as final_order makes them (base64url); anything else (a NUL, which the database refuses) is no transaction. */
const TOKEN_SHAPE = /^[\w-]{1,64}$/;

/**
 * The sandbox bank's pages: GET shows the amount with Pay and Cancel; each
 * POST records the bank's decision and redirects (303) to the shop's callback
 * with sep_id. Nothing here marks an order paid: the shop must verify (get_sep).
 */
export async function sandboxGatewayRoutes(app: FastifyInstance) {
  const { db } = app;
  const notFound = (reply: import('fastify').FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').contentSecurityPolicy(PAGE_CSP).send(page('<h1>تراکنش پیدا نشد</h1><p class="en">Transaction not found.</p>'));

  app.get<{ Params: { token: string } }>(`${SANDBOX_PATH}/pay/:token`, async (request, reply) => {
    if (!TOKEN_SHAPE.test(request.params.token)) return notFound(reply);
    const [row] = await db.select().from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.token, request.params.token));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').contentSecurityPolicy(PAGE_CSP);
    if (!row) return notFound(reply);
    const action = (what: string) => `${SANDBOX_PATH}/pay/${encodeURIComponent(row.token)}/${what}`;
    const amount = row.amount.toLocaleString('en-US');
    const done = row.state !== 'pending';
    return reply.send(
      page(`<h1>درگاه پرداخت آزمایشی</h1><p class="en">Sandbox payment gateway</p>
<p>پذیرنده / Merchant: <b>${escapeHtml(row.merchant)}</b></p>
<div class="amount" data-testid="amount">${amount} IRR</div>
${done ? `<p data-testid="state">این تراکنش پیش‌تر ${row.state === 'paid' ? 'پرداخت' : 'لغو'} شده است. / Already ${escapeHtml(row.state)}.</p>` : ''}
<div class="actions">
<form method="post" action="${action('pay')}"><button class="pay" type="submit" name="decision" value="pay" ${done ? 'disabled' : ''}>پرداخت / Pay</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" type="submit" name="decision" value="cancel" ${done ? 'disabled' : ''}>انصراف / Cancel</button></form>
</div>`),
    );
  });

  const decide = (decision: 'paid' | 'canceled') => async (request: { params: { token: string } }, reply: import('fastify').FastifyReply) => {
    const token = request.params.token;
    if (!TOKEN_SHAPE.test(token)) return notFound(reply);
    // Only a pending transaction changes; a second click finds it decided and just goes back.
    await db
      .update(sandboxGatewayTransactions)
      .set({ state: decision, refNum: decision === 'paid' ? sandboxRefNum() : null })
      .where(and(eq(sandboxGatewayTransactions.token, token), eq(sandboxGatewayTransactions.state, 'pending')));
    const [row] = await db.select().from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.token, token));
    if (!row) return notFound(reply);
    return reply.redirect(withQuery(row.callbackUrl, { sep_id: row.token, state: row.state === 'paid' ? 'OK' : 'CanceledByUser' }), 303);
  };
  app.post<{ Params: { token: string } }>(`${SANDBOX_PATH}/pay/:token/pay`, decide('paid'));
  app.post<{ Params: { token: string } }>(`${SANDBOX_PATH}/pay/:token/cancel`, decide('canceled'));
}
