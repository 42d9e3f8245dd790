import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";

/** bcrypt reads only the first 72 bytes of a password; anything longer is ambiguous against a bcrypt hash. */
export const BCRYPT_MAX_BYTES = 72;

/** Argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane), the package's defaults made explicit. */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, ARGON2_OPTIONS);
}

export function isLegacyBcryptHash(hash: string): boolean {
  return /^\$2[aby]\$/.test(hash);
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is bcrypt and the password matched: store an Argon2id hash now. */
  needsUpgrade: boolean;
}

/**
 * Compares a password with a stored Argon2id or (legacy) bcrypt hash. Against bcrypt, a password
 * over 72 bytes never matches: bcrypt would compare only its first 72 bytes, so a different
 * password sharing them would pass.
 */
export async function checkPassword(password: string, hash: string): Promise<PasswordCheck> {
  if (isLegacyBcryptHash(hash)) {
    if (Buffer.byteLength(password, "utf8") > BCRYPT_MAX_BYTES) return { ok: false, needsUpgrade: false };
    const ok = await bcrypt.compare(password, hash);
    return { ok, needsUpgrade: ok };
  }
  try {
    return { ok: await argon2Verify(hash, password), needsUpgrade: false };
  } catch {
    // A malformed stored hash matches nothing.
    return { ok: false, needsUpgrade: false };
  }
}

/** A fixed Argon2id hash of a random secret, checked against when the email is unknown so that path costs the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`unknown-account-${Math.random()}-${Date.now()}`);
  return dummyHash;
}
