import { transformSync } from '@babel/core';
import { describe, expect, it } from 'vitest';
import stripEndpointSummaries from '../../scripts/strip-endpoint-summaries.mjs';

const source = `export const endpoints = {
  get_cart: {
    summary: 'The cart ' + \`of \${who}\`,
    request: v.object({}),
    data: v.object({ summary: DiscountSummarySchema, note: v.string() }),
  },
};`;

const strip = (filename: string) => transformSync(source, { filename, plugins: [stripEndpointSummaries], babelrc: false, configFile: false })?.code ?? '';

describe('the SPA build drops endpoint summaries', () => {
  it('Scenario: an endpoint file loses its summary text and keeps a schema field named summary', () => {
    const code = strip('/app/contract/endpoints/cart.ts');
    expect(code).not.toContain('The cart');
    expect(code).toContain('summary: DiscountSummarySchema');
    expect(strip('/app/contract/console/endpoints/inbox.ts')).not.toContain('The cart');
  });

  it('Scenario: a file outside contract/**/endpoints is left as it is', () => {
    expect(strip('/app/contract/entities/cart.ts')).toContain("summary: 'The cart '");
  });
});
