import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * pg_dump or pg_restore: the newest installed PostgreSQL's (Debian's /usr/lib/postgresql/N/bin, as
 * scripts/postgres-cluster.mjs finds initdb), else the one on PATH. The newest, because pg_dump refuses a server newer
 * than itself.
 */
export function findPostgresTool(name: 'pg_dump' | 'pg_restore'): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((version) => existsSync(join(root, version, 'bin', name))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(root, versions[0], 'bin', name);
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Runs a PostgreSQL tool; its failure carries what it printed on stderr (its own one-line reason). */
export async function runPostgresTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  const tool = findPostgresTool(name);
  if (!tool) throw new Error(`${name} was not found (install the PostgreSQL client tools, e.g. apt-get install postgresql-client)`);
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`${name} failed: ${stderr || (error as Error).message}`);
  }
}
