import { createRequire } from 'node:module';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

type Crypto = typeof import('node:crypto');
let crypto: Crypto | undefined;

/**
 * Up to this many bytes or characters, SHA-256 runs in JavaScript (@noble/hashes): fingerprints
 * hash a few dozen characters each, and loading node:crypto for them cost 6 ms (Node 20) to 12 ms
 * (Node 24) of a diff. Longer inputs (whole files, for the lint cache) use node:crypto's native code.
 */
const SCRIPT_HASH_MAX = 4096;

const encoder = new TextEncoder();

/** Hex SHA-256 of a text (as UTF-8) or of bytes: fingerprints, cache keys. */
export function sha256Hex(input: string | Uint8Array): string {
  if (input.length <= SCRIPT_HASH_MAX)
    return bytesToHex(sha256(typeof input === 'string' ? encoder.encode(input) : input));
  crypto ??= createRequire(import.meta.url)('node:crypto') as Crypto;
  return crypto.createHash('sha256').update(input).digest('hex');
}
