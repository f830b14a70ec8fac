import { randomInt } from "node:crypto";
import { embedKeyAlphabet, embedKeyLength } from "../../domain/embed/index.ts";

/**
 * A new embed key: 32 characters of [A-Za-z0-9] from the operating system's CSPRNG.
 * `randomInt` samples without modulo bias (rejection sampling), so each character carries
 * log2(62) ≈ 5.95 bits: about 190 bits per key.
 */
export function generateEmbedKey(): string {
  let key = "";
  for (let i = 0; i < embedKeyLength; i++) {
    key += embedKeyAlphabet[randomInt(embedKeyAlphabet.length)];
  }
  return key;
}
