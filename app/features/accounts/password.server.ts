import { hash, verify } from "@node-rs/argon2";

/** argon2id: 19 MiB of memory, 2 iterations, one lane (the OWASP minimum for argon2id). */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/** The argon2id hash (PHC string) of a password. About 50 ms on this machine. Never log either value. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches the stored PHC hash; false (never a throw) when the hash is malformed. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A fixed hash to verify against when no account has the phone number, so a login takes as long whether or not the
 * number is registered (no timing oracle for which numbers have accounts).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-0000");
  return dummyHash;
}
