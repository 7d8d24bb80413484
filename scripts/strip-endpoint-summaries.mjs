// A Babel plugin for the SPA's builds (vite.config.ts): drops the `summary` text of every endpoint
// in contract/**/endpoints/. The summaries are the API reference's (npm run docs:api), and the
// customer's browser would otherwise download them all (3 KB brotli). Only a property whose value
// is text is dropped; a schema field named summary (a call such as v.object(...)) stays.

const ENDPOINT_FILE = /[\\/]contract[\\/](?:console[\\/])?endpoints[\\/]/;

const isText = (node) =>
  node.type === 'StringLiteral' ||
  node.type === 'TemplateLiteral' ||
  (node.type === 'BinaryExpression' && node.operator === '+' && isText(node.left) && isText(node.right));

export default function stripEndpointSummaries() {
  return {
    name: 'strip-endpoint-summaries',
    visitor: {
      ObjectProperty(path, state) {
        if (!ENDPOINT_FILE.test(state.filename ?? '')) return;
        const { key, value, computed } = path.node;
        const named = !computed && ((key.type === 'Identifier' && key.name === 'summary') || (key.type === 'StringLiteral' && key.value === 'summary'));
        if (named && isText(value)) path.remove();
      },
    },
  };
}
