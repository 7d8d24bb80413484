import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints, type Code } from '@contract/api';
import { consoleEndpoints, type ConsoleCode } from '@contract/console/api';
import { renderApiDocs } from '../../scripts/api-docs';

const docs = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

const topLevelFields = (schema: unknown): string[] => {
  let node = schema as { type: string; wrapped?: unknown; item?: unknown; entries?: Record<string, unknown> };
  while (node.type === 'nullable' || node.type === 'optional' || node.type === 'array') node = (node.wrapped ?? node.item) as typeof node;
  return Object.keys(node.entries ?? {});
};

describe('docs/api.md', () => {
  it('Scenario: the committed reference is what the generator writes from the contract (run npm run docs:api)', () => {
    expect(docs).toBe(renderApiDocs());
  });

  it.each(Object.keys(endpoints) as Code[])('Scenario: %s and every top-level field of its schemas are documented', (code) => {
    const section = docs.slice(docs.indexOf(`### \`${code}\``));
    expect(section.length).toBeLessThan(docs.length);
    const end = section.indexOf('\n### ', 1);
    const body = end === -1 ? section : section.slice(0, end);
    for (const field of [...topLevelFields(endpoints[code].request), ...topLevelFields(endpoints[code].data)]) expect(body).toContain(`\`${field}\``);
  });

  it.each(Object.keys(consoleEndpoints) as ConsoleCode[])('Scenario: the console code %s, who may call it and every top-level field of its schemas are documented', (code) => {
    const section = docs.slice(docs.indexOf('## Console codes')).slice(docs.slice(docs.indexOf('## Console codes')).indexOf(`### \`${code}\``));
    expect(section.startsWith(`### \`${code}\``)).toBe(true);
    const end = section.indexOf('\n### ', 1);
    const body = end === -1 ? section : section.slice(0, end);
    const endpoint = consoleEndpoints[code];
    if ('owner' in endpoint && endpoint.owner) expect(body).toContain('owner_only');
    for (const field of [...topLevelFields(endpoint.request), ...topLevelFields(endpoint.data)]) expect(body).toContain(`\`${field}\``);
  });

  it('Scenario: the envelope, errors, languages and tenancy are documented', () => {
    for (const heading of ['## Envelope', '## Errors', '## Languages', '## Tenancy']) expect(docs).toContain(heading);
    for (const word of ['error_code', 'login_required', 'unknown_code', 'invalid_input', 'Accept-Language', 'DEFAULT_SHOP']) expect(docs).toContain(word);
  });
});
