// ESLint rule: no file may reach itself through its imports, type-only imports included.
// import-x/no-cycle (4.x) skips `import type` with no option to count it, so a circle through
// types passed the lint (server/errors.ts -> payments -> db/connection.ts -> errors.ts was one).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { circles, circleThrough, importGraph, resolverOf } from './import-graph.js';

// The graph is built once per lint run (one process) for the whole repository, whose root holds this folder.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
let built = null;
function repository(root) {
  if (built?.root !== root) {
    const graph = importGraph(root);
    const componentOf = new Map();
    for (const component of circles(graph)) for (const file of component) componentOf.set(file, component);
    built = { root, graph, componentOf, resolve: resolverOf(root) };
  }
  return built;
}

export const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that leads back to the importing file, type imports included.' },
    schema: [],
    messages: { circle: 'Import circle (type imports count): {{route}}' },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    const { graph, componentOf, resolve, root } = repository(path.resolve(ROOT));
    const component = componentOf.get(file);
    if (!component) return {};
    const members = new Set(component);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolve(specifier, file);
      if (!target || !members.has(target)) return;
      const route = circleThrough(graph, component, target, file);
      context.report({ node, messageId: 'circle', data: { route: [file, ...route].map((name) => path.relative(root, name)).join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.argument?.value),
    };
  },
};

export const localPlugin = { rules: { 'no-import-circle': noImportCircle } };
