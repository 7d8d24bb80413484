import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(process.cwd(), 'scripts', 'check-runtime-deps.mjs');

describe('production without build tools: the server loads no devDependency at run time', () => {
  it('Scenario: check:runtime-deps passes on the tree, and fails naming the package and its importer when the server imports a devDependency', () => {
    expect(execFileSync(process.execPath, [script], { encoding: 'utf8' })).toMatch(/every package they load is a dependency/);
    // A copy of the server's sources with one value import of vite (a devDependency) and one type-only import.
    const copy = mkdtempSync(join(tmpdir(), 'storefront-deps-'));
    try {
      for (const folder of ['server', 'contract', 'machines', 'src', 'scripts']) cpSync(folder, join(copy, folder), { recursive: true });
      cpSync('package.json', join(copy, 'package.json'));
      const shutdown = join(copy, 'server', 'shutdown.ts');
      writeFileSync(shutdown, `import type { UserConfig } from 'vitest/config';\nimport { defineConfig } from 'vite';\n${readFileSync(shutdown, 'utf8')}`);
      const run = spawnSync(process.execPath, [join(copy, 'scripts', 'check-runtime-deps.mjs')], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('vite: server/shutdown.ts');
      expect(run.stderr).not.toContain('vitest');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
