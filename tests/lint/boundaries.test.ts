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
let newFeature: string[] = [];
let featureToConsole: string[] = [];
let consoleToFeature: string[] = [];
beforeAll(() => {
  cycle = fixture('server/zz-cycle-fixture', {
    'a.ts': "import { b } from './b';\nexport const a = (): unknown => b;\n",
    'b.ts': "import { a } from './a';\nexport const b = (): unknown => a;\n",
  });
  newFeature = fixture('src/features/zz-new-feature', { 'view.ts': "import '../cart/cart-page';\nexport const x = 1;\n" });
  featureToConsole = fixture('src/features/zz-console-user', { 'view.ts': "import '../../console/live';\nexport const y = 1;\n" });
  consoleToFeature = fixture('src/console/zz-fixture', { 'view.ts': "import '../../features/cart/cart-page';\nexport const z = 1;\n" });
});

describe('lint boundaries', () => {
  it('Scenario: a two-file import cycle in TypeScript fails lint', async () => {
    expect(await rulesHit(cycle)).toContain('import-x/no-cycle');
  });

  it('Scenario: a new feature folder importing another feature fails lint without being listed anywhere', async () => {
    expect(await rulesHit(newFeature)).toContain('import-x/no-restricted-paths');
  });

  it('Scenario: a storefront feature importing the operator console fails lint, and so does the console importing a feature', async () => {
    expect(await rulesHit(featureToConsole)).toContain('import-x/no-restricted-paths');
    expect(await rulesHit(consoleToFeature)).toContain('import-x/no-restricted-paths');
  });
});
