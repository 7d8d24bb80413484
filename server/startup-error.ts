/**
 * A start-up problem the operator can fix; main.ts prints only its one-sentence message and exits 1.
 * A file of its own below everything: the database and the upload storage raise it.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
