import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's Algorithm is a const enum, which isolatedModules cannot read: 2 is its Argon2id.
const ARGON2ID = 2;

// argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): ~10 ms per hash here,
// so a login costs the server little and a stolen hash costs a guesser a lot.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The argon2id hash (PHC string, salt included) of a password. */
export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Checked instead of a hash when the username is unknown, so "no such user" takes as long as "wrong password".
const unknownUserHash = hashPassword('not a password: the username is unknown');

/** Whether `password` matches `stored`; null stands for an unknown user and is always false, after the same work. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const matches = await verify(stored ?? (await unknownUserHash), password).catch(() => false);
  return stored !== null && matches;
}
