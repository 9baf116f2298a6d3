import { createRequire } from 'node:module';

type Crypto = typeof import('node:crypto');
let crypto: Crypto | undefined;

/**
 * Hex SHA-256 of a text or of bytes (fingerprints, cache keys). node:crypto is required on first use: loading it cost ~10 ms
 * of every start, and most runs fingerprint nothing.
 */
export function sha256Hex(text: string | Uint8Array): string {
  crypto ??= createRequire(import.meta.url)('node:crypto') as Crypto;
  return crypto.createHash('sha256').update(text).digest('hex');
}
