// The repository's import graph as TypeScript resolves it, type-only imports included
// (import-x/no-cycle skips `import type`, so a circle through types passed it).
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** Compiler options of the tsconfig at `root` (paths and module resolution decide what an import names). */
function compilerOptions(root) {
  const file = path.join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  return { options: parsed.options, files: parsed.fileNames.filter((name) => SOURCE.test(name) && !name.endsWith('.d.ts')) };
}

/** Resolves an import's specifier from a file to a repository file's absolute path (null: a package or nothing). */
export function resolverOf(root) {
  const { options } = compilerOptions(root);
  const host = ts.createCompilerHost(options);
  return (specifier, from) => {
    const resolved = ts.resolveModuleName(specifier, from, options, host).resolvedModule;
    return resolved && !resolved.isExternalLibraryImport ? path.resolve(resolved.resolvedFileName) : null;
  };
}

/** Every file's imports within the repository: `from` -> the files it names (static, type-only, re-exports, dynamic). */
export function importGraph(root) {
  const { options, files } = compilerOptions(root);
  const host = ts.createCompilerHost(options);
  const known = new Set(files.map((file) => path.resolve(file)));
  const graph = new Map();
  for (const file of known) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, host).resolvedModule?.resolvedFileName;
      if (resolved && known.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan): each is one or more circles. */
export function circles(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (start) => {
    // Iterative, so a long chain of imports cannot overflow the stack.
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    order.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const target = next[frame[2]++];
        if (!order.has(target)) {
          order.set(target, index);
          low.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(graph.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), order.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === order.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) found.push(component);
      }
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

/** The shortest route from `start` to `to` inside a component, as the files in order (start … to). */
export function circleThrough(graph, component, start, to) {
  const members = new Set(component);
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    if (node === to) {
      const route = [];
      for (let at = node; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const target of graph.get(node) ?? []) {
      if (members.has(target) && !previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, to];
}
