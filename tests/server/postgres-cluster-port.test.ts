import { describe, expect, it } from 'vitest';
import { clusterPort } from '../../scripts/postgres-cluster.mjs';

// A throwaway cluster once failed to start in CI on 55366: a port in the ephemeral range can be
// held by one of the suite's own client connections.
describe('the port a throwaway PostgreSQL cluster listens on', () => {
  it('Scenario: is never in the range the kernel gives outgoing connections, nor privileged', () => {
    for (const range of [[32768, 60999], [1500, 65535], [49152, 65535]] as [number, number][]) {
      for (let i = 0; i < 500; i += 1) {
        const port = clusterPort(range);
        expect(Number.isInteger(port)).toBe(true);
        expect(port).toBeGreaterThanOrEqual(1024);
        expect(port).toBeLessThan(range[0]);
      }
    }
  });
});
