import { randomInt } from "node:crypto";

// No 0/O, 1/I/L: codes are read aloud and typed by hand.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** `XXXX-XXXX`, about 40 bits. */
export function newInviteCode(): string {
  const pick = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${pick()}-${pick()}`;
}

export function normaliseInviteCode(code: string): string {
  const compact = code
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  return compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
}
