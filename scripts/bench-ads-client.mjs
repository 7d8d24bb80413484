// The load generator of scripts/bench-ads.ts, on a thread of its own: its HTTP work is not on the server's event loop
// (a real server does not run its clients), and its share of the CPU is measured (its event loop's utilisation).
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { port, host, connections, bodies } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: connections });

function post(payload) {
  return new Promise((done, fail) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/order/order.php', method: 'POST', agent, headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0));
      },
    );
    request.on('error', fail);
    request.end(payload);
  });
}

const times = [];
let failures = 0;
let next = 0;
const elu = performance.eventLoopUtilization();
const from = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (next < bodies.length) {
      const payload = bodies[next++];
      const at = performance.now();
      const status = await post(payload);
      times.push(performance.now() - at);
      if (status !== 200) failures += 1;
    }
  }),
);
const seconds = (performance.now() - from) / 1000;
agent.destroy();
parentPort.postMessage({ times, failures, seconds, utilisation: performance.eventLoopUtilization(elu).utilization });
