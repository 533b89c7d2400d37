import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Random lowercase base36 string; 20 chars ≈ 103 bits, enough to never collide. */
export function randomId(length = 20): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 252 = 7 * 36: rejecting larger bytes keeps every character equally likely.
      if (byte < 252 && out.length < length) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

export type IdPrefix = "usr" | "ses" | "key" | "cl" | "op" | "job" | "tok" | "aud" | "ord" | "pln" | "ntf" | "hb" | "nev" | "nd" | "nal" | "evc" | "pwr" | "oa" | "aca" | "js" | "jse" | "jtn" | "kc" | "cce";

/** Prefixed ids such as `cl_…` make logs and API responses self-describing. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomId()}`;
}
