import { isAscii } from 'node:buffer';
import { LoadError } from './errors.js';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Strict UTF-8 (RFC 8259 §8.1) with the byte-order mark removed; invalid bytes are an error with their position. */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  // Most descriptions are plain ASCII: checking that is a fraction of strict UTF-8 decoding, and
  // ASCII bytes are their own Latin-1 text (no BOM possible).
  if (isAscii(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const before = new TextDecoder('utf-8').decode(bytes.subarray(0, offset));
    const lines = before.split('\n');
    throw new LoadError(
      'invalid-utf8',
      `Invalid UTF-8 byte 0x${(bytes[offset] ?? 0).toString(16)}`,
      file,
      lines.length,
      (lines.at(-1)?.length ?? 0) + 1,
    );
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const need =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    // Overlong, surrogate and out-of-range forms.
    if (need === 2) {
      const c = bytes[i + 1]!;
      if ((b === 0xe0 && c < 0xa0) || (b === 0xed && c >= 0xa0)) return i;
    } else if (need === 3) {
      const c = bytes[i + 1]!;
      if ((b === 0xf0 && c < 0x90) || (b === 0xf4 && c >= 0x90)) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}
