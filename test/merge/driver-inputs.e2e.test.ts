/** The merge driver reads its three files as every operand is read: strict UTF-8, bounded in size. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const EXAMPLE = readFileSync(join(import.meta.dirname, '../../examples/weather-v1.mcpdesc.yaml'));
const sides = (ours: Uint8Array, theirs: Uint8Array, base: Uint8Array = EXAMPLE) => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-driver-inputs-'));
  const paths = { base: join(dir, 'base'), ours: join(dir, 'ours'), theirs: join(dir, 'theirs') };
  writeFileSync(paths.base, base);
  writeFileSync(paths.ours, ours);
  writeFileSync(paths.theirs, theirs);
  const run = (...extra: string[]) =>
    runCli([...extra, 'merge-driver', paths.base, paths.ours, paths.theirs, 'server.mcpdesc.yaml'], {
      cwd: dir,
    });
  return { paths, run };
};
const replace = (bytes: Uint8Array, from: string, to: Uint8Array | string) => {
  const text = Buffer.from(bytes);
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`not in the example: ${from}`);
  return Buffer.concat([text.subarray(0, at), Buffer.from(to), text.subarray(at + from.length)]);
};
const theirsVersion = replace(EXAMPLE, 'version: 1.2.0', 'version: 1.2.1');

describe('merge-driver inputs', () => {
  it('refuses invalid UTF-8 in a side with its position, and leaves ours byte for byte', () => {
    // A lenient read made the byte U+FFFD, and the clean merge wrote that into ours.
    const ours = replace(EXAMPLE, 'Current conditions', Buffer.from([0x43, 0x61, 0x66, 0xe9]));
    const { paths, run } = sides(ours, theirsVersion);
    const result = run();
    expect(result.stderr).toMatch(
      /^mcpdesc: server\.mcpdesc\.yaml \(ours\):\d+:\d+: Invalid UTF-8 byte 0xe9 \(invalid-utf8\)\n$/,
    );
    expect(result.code).toBe(2);
    expect(readFileSync(paths.ours).equals(ours)).toBe(true);
  });

  it('writes theirs byte for byte when the merge is theirs, its byte-order mark included', () => {
    const theirs = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), theirsVersion]);
    const { paths, run } = sides(EXAMPLE, theirs);
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readFileSync(paths.ours).equals(theirs)).toBe(true);
  });

  it('refuses a side over --max-bytes before reading it', () => {
    const { paths, run } = sides(EXAMPLE, theirsVersion);
    const result = run('--max-bytes', '1000');
    expect(result.stderr).toMatch(/over the limit of 1000 \(limit-bytes\)\n$/);
    expect(result.code).toBe(2);
    expect(readFileSync(paths.ours).equals(EXAMPLE)).toBe(true);
  });
});
