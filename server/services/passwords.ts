import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): OWASP's recommended minimum or above. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | null = null;

/** Spends the same time as a real check when the username is unknown, so timing does not reveal which users exist. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that never matches');
  await verifyPassword(await decoyHash, password);
  return false;
}
