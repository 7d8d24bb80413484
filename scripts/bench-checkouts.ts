/**
 * The benchmarks' full checkout (cart_controller add -> update_address_order -> price_controler -> final_order,
 * cash): each autocannon connection is one signed-in customer placing orders in a loop. Shared by bench:api and
 * bench:longpoll:checkout.
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { HTTP_TIMEOUT_MS } from '../contract/rules/limits';

interface AutocannonResult {
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  method: string;
  connections: number;
  duration: number;
  timeout: number;
  setupClient: (client: { setRequests: (requests: unknown[]) => void }) => void;
}) => Promise<AutocannonResult>;

export interface CheckoutRun {
  /** checkouts per second */
  rps: number;
  /** error responses, connection errors and timeouts */
  bad: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The value below which `share` of the sorted values fall (nearest rank). */
export const percentile = (sorted: number[], share: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]);

/** The customers place orders in a loop for `seconds` at kebab.localhost; `cookies` are their sessions (one connection each). */
export async function checkouts(port: number, cookies: string[], itemId: number, seconds: number): Promise<CheckoutRun> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const url = `http://127.0.0.1:${port}/order/order.php`;
  const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
  const headersOf = (cookie: string) => ({ host: 'kebab.localhost', 'content-type': 'application/x-www-form-urlencoded', cookie });
  // Each customer's address, made once before the run.
  const agent = new Agent({ keepAlive: true, maxSockets: cookies.length });
  const addresses = await Promise.all(
    cookies.map(
      (cookie) =>
        new Promise<number>((resolve, reject) => {
          const body = form({ code: 'new_add_addreses', label: 'خانه من', address: 'تهران، ونک، خیابان ملاصدرا', lat: 35.7601, lng: 51.4102 });
          const sent = request(url, { method: 'POST', agent, headers: { ...headersOf(cookie), 'content-length': Buffer.byteLength(body) } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve((JSON.parse(Buffer.concat(chunks).toString()) as { data: { id: number } }).data.id));
          });
          sent.on('error', reject);
          sent.end(body);
        }),
    ),
  );
  agent.destroy();
  // autocannon, as the other runs: each connection is one customer going through the four requests again and again, and
  // its client costs the shared cores far less than node:http's or fetch's (customers' phones are not on the server).
  let bad = 0;
  let next = 0;
  const durations: number[] = [];
  type Context = { started: number; orderId: number };
  const inFlight = new Set<Context>();
  const checked = (status: number, body: string) => {
    if (status !== 200 || !body.includes('"status":true')) bad += 1;
  };
  const result = await autocannon({
    url,
    method: 'POST',
    connections: cookies.length,
    duration: seconds,
    timeout: HTTP_TIMEOUT_MS / 1000,
    setupClient: (client) => {
      const index = next++ % cookies.length;
      const headers = headersOf(cookies[index]);
      const addressId = addresses[index];
      const step = (fields: (context: Context) => Record<string, string | number>, after?: (body: string, context: Context) => void) => ({
        method: 'POST',
        headers,
        setupRequest: (sent: Record<string, unknown>, context: Context) => ({ ...sent, body: form(fields(context)) }),
        onResponse: (status: number, body: string, context: Context) => {
          checked(status, body);
          after?.(body, context);
        },
      });
      client.setRequests([
        step(
          (context) => ((context.started = performance.now()), inFlight.add(context), { code: 'cart_controller', item_id: itemId, count: 1, feature_name: 'با گوجه کبابی' }),
          (body, context) => (context.orderId = (JSON.parse(body) as { data?: { order?: { id: number } } }).data?.order?.id ?? 0),
        ),
        step((context) => ({ code: 'update_address_order', order_id: context.orderId, delivery_method: 2, address_id: addressId })),
        step((context) => ({ code: 'price_controler', order_id: context.orderId, delivery_method: 2, address: addressId })),
        step(
          (context) => ({ code: 'final_order', order_id: context.orderId, payment: 'cash', idempotency_key: randomBytes(12).toString('hex') }),
          (_body, context) => {
            durations.push(performance.now() - context.started);
            inFlight.delete(context);
          },
        ),
      ]);
    },
  });
  // A checkout still under way when the run ends has taken at least this long: left out, a stall would shorten the tail.
  const ended = performance.now();
  for (const context of inFlight) durations.push(ended - context.started);
  bad += result.errors + result.timeouts;
  durations.sort((a, b) => a - b);
  const mean = durations.length ? durations.reduce((sum, value) => sum + value, 0) / durations.length : 0;
  return { rps: (durations.length - inFlight.size) / seconds, bad, mean, p50: percentile(durations, 0.5), p95: percentile(durations, 0.95), p99: percentile(durations, 0.99) };
}

