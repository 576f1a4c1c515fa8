import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP Password Storage Cheat Sheet's first recommended setting: 19 MiB of memory, 2 passes, one
 * lane. (@node-rs/argon2's default algorithm is argon2id; the hash string records it, `$argon2id$v=19$m=19456,t=2,p=1$…`.)
 */
export const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, argon2Options);
}

/** False for a wrong secret or an unreadable hash; never throws on user input. */
export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(secretHash, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash made with the same parameters. Called when the user is unknown (or has no
 * password) so the answer takes as long as a real check and timing does not reveal whether the login exists.
 */
export async function burnVerificationTime(secret: string): Promise<false> {
  dummyHash ??= hashSecret('gatehouse-timing-equaliser');
  await verifySecret(await dummyHash, secret);
  return false;
}

/** Recovery answers are compared the way people type them: case and surrounding spaces do not matter. */
export const normaliseAnswer = (answer: string) => answer.trim().toLowerCase();
