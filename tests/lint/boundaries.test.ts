import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Fixtures live inside the project so the project's own eslint.config.js and resolver apply to them.
const root = process.cwd();
const made: string[] = [];
function fixture(folder: string, files: Record<string, string>): string[] {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  made.push(dir);
  return Object.entries(files).map(([name, body]) => {
    const path = join(dir, name);
    writeFileSync(path, body);
    return path;
  });
}
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const rulesHit = async (paths: string[]) => {
  const results = await new ESLint({ cwd: root }).lintFiles(paths);
  return results.flatMap((result) => result.messages.map((message) => message.ruleId));
};

// Both fixtures exist before the first lint: the config (which lists feature folders) is loaded once per process.
let cycle: string[] = [];
let typeCycle: string[] = [];
let bindings: string[] = [];
let newFeature: string[] = [];
let featureToConsole: string[] = [];
let consoleToFeature: string[] = [];
beforeAll(() => {
  cycle = fixture('server/zz-cycle-fixture', {
    'a.ts': "import { b } from './b';\nexport const a = (): unknown => b;\n",
    'b.ts': "import { a } from './a';\nexport const b = (): unknown => a;\n",
  });
  typeCycle = fixture('server/zz-type-cycle-fixture', {
    'a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
    'b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
  });
  bindings = fixture('src/features/zz-binding-fixture', {
    'snapshot-read.tsx': "import { useSystemActor } from '@/ui/actor-system';\nexport function View() {\n  const cart = useSystemActor('cart');\n  return <p>{String(cart.getSnapshot().context.cart)}</p>;\n}\n",
    'whole-context.tsx': "import { useSelector } from '@xstate/react';\nimport { useSystemActor } from '@/ui/actor-system';\nexport function View() {\n  const context = useSelector(useSystemActor('cart'), (snapshot) => snapshot.context);\n  return <p>{String(context.cart)}</p>;\n}\n",
    'other-hook.tsx': "import { useActorRef } from '@xstate/react';\nexport const hook = useActorRef;\n",
  });
  newFeature = fixture('src/features/zz-new-feature', { 'view.ts': "import '../cart/cart-page';\nexport const x = 1;\n" });
  featureToConsole = fixture('src/features/zz-console-user', { 'view.ts': "import '../../console/live';\nexport const y = 1;\n" });
  consoleToFeature = fixture('src/console/zz-fixture', { 'view.ts': "import '../../features/cart/cart-page';\nexport const z = 1;\n" });
});

describe('lint boundaries', () => {
  it('Scenario: a two-file import cycle in TypeScript fails lint', async () => {
    expect(await rulesHit(cycle)).toContain('local/no-import-circle');
  });

  it('Scenario: a circle of type-only imports fails lint too', async () => {
    expect(await rulesHit(typeCycle)).toContain('local/no-import-circle');
  });

  it('Scenario: a view that reads getSnapshot(), selects a whole context or takes another @xstate/react hook fails lint', async () => {
    const [snapshotRead, wholeContext, otherHook] = await Promise.all(bindings.map((path) => rulesHit([path])));
    expect(snapshotRead).toContain('no-restricted-properties');
    expect(wholeContext).toContain('no-restricted-syntax');
    expect(otherHook).toContain('no-restricted-imports');
  });

  it('Scenario: a new feature folder importing another feature fails lint without being listed anywhere', async () => {
    expect(await rulesHit(newFeature)).toContain('import-x/no-restricted-paths');
  });

  it('Scenario: a storefront feature importing the operator console fails lint, and so does the console importing a feature', async () => {
    expect(await rulesHit(featureToConsole)).toContain('import-x/no-restricted-paths');
    expect(await rulesHit(consoleToFeature)).toContain('import-x/no-restricted-paths');
  });
});
