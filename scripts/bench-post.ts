import { Agent, request as httpRequest } from 'node:http';

/** POST /order/order.php at `host` from `localAddress` (a loopback address of its own per group of customers); resolves with the parsed envelope. */
export function postForm(
  port: number,
  agent: Agent,
  host: string,
  cookie: string,
  fields: Record<string, string>,
  localAddress?: string,
): Promise<{ status: number; body: { data: unknown; result: string } }> {
  const payload = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/order/order.php', method: 'POST', agent, localAddress, headers: { host, cookie, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Customers a client address holds: below the server's per-address bounds (128 connections, 100 held polls). */
const CUSTOMERS_PER_ADDRESS = 50;

/** The loopback address customer `index` polls from, as customers on their own phones would. */
export const customerAddress = (index: number) => {
  const group = Math.floor(index / CUSTOMERS_PER_ADDRESS);
  return `127.1.${Math.floor(group / 250)}.${1 + (group % 250)}`;
};
