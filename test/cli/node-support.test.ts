import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, unsupportedNode } from '../../src/cli/node-support.js';

describe('unsupportedNode', () => {
  it.each([
    ['18.20.8', false],
    ['19.9.0', false],
    ['20.0.0', false],
    ['20.16.0', false],
    ['20.18.3', false],
    ['20.19.0', true],
    ['20.20.2', true],
    ['21.0.0', true],
    ['22.0.0', true],
    ['24.22.3', true],
    ['100.0.0', true],
  ])('Node %s: supported %s', (version, supported) => {
    const why = unsupportedNode(version);
    if (supported) expect(why).toBeUndefined();
    else expect(why).toBe(`needs Node.js 20.19 or later; this is Node.js ${version}`);
  });

  it("is package.json's engines", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE}`);
  });
});
