import { describe, expect, it } from 'vitest';
import { compileGlob, compileGlobs } from '../../src/action/glob.js';
import { DEFAULT_FILES } from '../../src/action/inputs.js';

describe('globs for the files input', () => {
  it('default pattern matches descriptions at any depth, dot directories included', () => {
    const set = compileGlobs([DEFAULT_FILES]);
    for (const path of ['a.mcpdesc.json', 'x/y/a.mcpdesc.yaml', '.github/mcp/s.mcpdesc.yml'])
      expect(set.matches(path)).toBe(true);
    for (const path of ['a.mcpdesc.toml', 'a.json', 'mcpdesc.yaml', 'a.mcpdesc.yaml.bak'])
      expect(set.matches(path)).toBe(false);
  });

  it('supports *, ?, classes, nested braces and anchored paths', () => {
    expect(compileGlob('servers/*.yaml').test('servers/a.yaml')).toBe(true);
    expect(compileGlob('servers/*.yaml').test('servers/x/a.yaml')).toBe(false);
    expect(compileGlob('s?.json').test('x/s1.json')).toBe(true);
    expect(compileGlob('[ab].json').test('c.json')).toBe(false);
    expect(compileGlob('[!ab].json').test('c.json')).toBe(true);
    expect(compileGlob('{a,b{1,2}}.json').test('b2.json')).toBe(true);
    expect(compileGlob('docs/**').test('docs/a/b.json')).toBe(true);
    expect(compileGlob('a/**/b.json').test('a/b.json')).toBe(true);
    expect(compileGlob('a.(json)').test('a.(json)')).toBe(true);
  });

  it('excludes with ! lines, in order', () => {
    const set = compileGlobs(['**/*.mcpdesc.yaml', '!vendor/**', '', '# comment']);
    expect(set.matches('a/x.mcpdesc.yaml')).toBe(true);
    expect(set.matches('vendor/x.mcpdesc.yaml')).toBe(false);
    const reinclude = compileGlobs(['**/*.yaml', '!vendor/**', 'vendor/keep.yaml']);
    expect(reinclude.matches('vendor/keep.yaml')).toBe(true);
  });
});
