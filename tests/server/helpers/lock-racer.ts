// A process that takes the lock of DATA_DIR once the file `go` (argv[2]) exists, prints `won` or the refusal, and
// holds a won lock until it is killed: data-dir-lock.test.ts starts several at once.
import { existsSync } from 'node:fs';
import { lockDataDir } from '../../../server/db/data-dir-lock';

const [go, dataDir] = process.argv.slice(2);
console.log('ready');
while (!existsSync(go)) await new Promise((resolve) => setTimeout(resolve, 2));
try {
  lockDataDir(dataDir);
  console.log('won');
  setInterval(() => undefined, 60_000);
} catch (error) {
  console.log(`refused: ${(error as Error).message}`);
  process.exit(1);
}
