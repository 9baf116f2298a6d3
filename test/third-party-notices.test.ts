/**
 * The licence notices written beside each bundle (scripts/third-party-notices.mjs): which packages
 * an esbuild metafile names, the licence file found for each, the text; and, for the committed
 * Action and pre-commit bundles and the built command line, that every package a bundle names is
 * in its notices with its licence text.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..');

interface Package {
  name: string;
  version: string;
  license: string;
  text: string;
}
interface NoticesModule {
  NOTICES_FILE: string;
  bundledPackageDirs(metafiles: { inputs: Record<string, unknown> }[]): string[];
  readPackages(root: string, dirs: string[]): Package[];
  noticesText(covers: string, packages: Package[]): string;
}
const notices = (await import(join(REPO, 'scripts/third-party-notices.mjs'))) as NoticesModule;

const work = mkdtempSync(join(tmpdir(), 'mcpdesc-notices-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function fakePackage(dir: string, name: string, version: string, files: Record<string, string>): void {
  mkdirSync(join(work, dir), { recursive: true });
  writeFileSync(join(work, dir, 'package.json'), JSON.stringify({ name, version, license: 'MIT' }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(work, dir, file), text);
}

describe('bundledPackageDirs', () => {
  it.each([
    ['a plain package', ['node_modules/a/index.js'], ['node_modules/a']],
    ['a scoped package', ['node_modules/@s/b/lib/x.js'], ['node_modules/@s/b']],
    [
      'a package nested in another',
      ['node_modules/a/node_modules/c/i.js'],
      ['node_modules/a/node_modules/c'],
    ],
    ['two files of one package', ['node_modules/a/x.js', 'node_modules/a/lib/y.js'], ['node_modules/a']],
    ['own sources and a plugin namespace', ['src/cli/bin.ts', 'stub:@actions/http-client'], []],
    ['Windows separators', ['node_modules\\a\\index.js'], ['node_modules/a']],
  ])('%s', (_name, inputs, dirs) => {
    const metafile = { inputs: Object.fromEntries(inputs.map((input) => [input, {}])) };
    expect(notices.bundledPackageDirs([metafile])).toEqual(dirs);
  });

  it('merges metafiles, sorted', () => {
    expect(
      notices.bundledPackageDirs([
        { inputs: { 'node_modules/z/i.js': {} } },
        { inputs: { 'node_modules/a/i.js': {}, 'node_modules/z/j.js': {} } },
      ]),
    ).toEqual(['node_modules/a', 'node_modules/z']);
  });
});

describe('readPackages', () => {
  it.each([
    ['LICENSE', 'LICENSE'],
    ['license (lower case)', 'license'],
    ['LICENSE.md', 'LICENSE.md'],
    ['LICENCE.txt', 'LICENCE.txt'],
    ['COPYING', 'COPYING'],
    ['LICENSE-MIT', 'LICENSE-MIT'],
  ])('copies a licence file named %s', (_name, file) => {
    const dir = `node_modules/p-${file.replace(/\W/g, '_')}`;
    fakePackage(dir, 'p', '1.0.0', { [file]: `Copyright (c) p\r\nPermission is hereby granted\r\n` });
    expect(notices.readPackages(work, [dir])).toEqual([
      { name: 'p', version: '1.0.0', license: 'MIT', text: 'Copyright (c) p\nPermission is hereby granted' },
    ]);
  });

  it('fails, naming the package, when there is no licence file to copy', () => {
    fakePackage('node_modules/bare', 'bare', '2.0.0', { 'README.md': 'no licence here' });
    expect(() => notices.readPackages(work, ['node_modules/bare'])).toThrow(
      /node_modules\/bare \(bare\) has no licence file/,
    );
  });

  it('lists a package reached by two paths once, and sorts by name', () => {
    fakePackage('node_modules/zeta', 'zeta', '1.0.0', { LICENSE: 'z' });
    fakePackage('node_modules/x/node_modules/zeta', 'zeta', '1.0.0', { LICENSE: 'z' });
    fakePackage('node_modules/alpha', 'alpha', '3.0.0', { LICENSE: 'a' });
    const read = notices.readPackages(work, [
      'node_modules/zeta',
      'node_modules/x/node_modules/zeta',
      'node_modules/alpha',
    ]);
    expect(read.map((pkg) => `${pkg.name}@${pkg.version}`)).toEqual(['alpha@3.0.0', 'zeta@1.0.0']);
  });
});

describe('noticesText', () => {
  it('names what it covers, lists the packages, then gives each licence text', () => {
    const text = notices.noticesText('a bundle', [
      { name: 'a', version: '1.0.0', license: 'MIT', text: 'A licence' },
      { name: 'b', version: '2.0.0', license: 'ISC', text: 'B licence' },
    ]);
    expect(text).toMatch(/^Third-party software in a bundle, /);
    expect(text).toContain('- a 1.0.0 (MIT)\n- b 2.0.0 (ISC)\n');
    expect(text.indexOf('A licence')).toBeLessThan(text.indexOf('B licence'));
    expect(text.endsWith('B licence\n')).toBe(true);
  });
});

/** The packages a bundle's text names by path (esbuild keeps module paths in comments and wrapper names). */
function packagesNamedIn(bundleText: string): string[] {
  const names = new Set<string>();
  for (const match of bundleText.matchAll(/node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//g))
    names.add(match[1] as string);
  return [...names].sort();
}

const bundles = [
  ['the Action bundle', 'dist-action/index.mjs', ['dist-action/index.mjs']],
  ['the pre-commit bundle', 'hooks/mcpdesc.cjs', ['hooks/mcpdesc.cjs']],
  [
    'the command line bundles of the npm package',
    'dist/bin/mcpdesc.cjs',
    existsSync(join(REPO, 'dist/bin'))
      ? readdirSync(join(REPO, 'dist/bin')).map((file) => `dist/bin/${file}`)
      : [],
  ],
] as const;

describe.each(bundles)('the notices of %s', (_name, anchor, files) => {
  const noticesFile =
    anchor === 'dist/bin/mcpdesc.cjs'
      ? join(REPO, 'dist', notices.NOTICES_FILE)
      : join(REPO, dirname(anchor), notices.NOTICES_FILE);
  it.skipIf(!existsSync(join(REPO, anchor)))(
    'list every package the bundle names, with its licence text',
    () => {
      const text = readFileSync(noticesFile, 'utf8');
      const listed = [...text.matchAll(/^- ((?:@[\w.-]+\/)?[\w.-]+) (\S+) \(/gm)].map((match) => match[1]);
      const named = packagesNamedIn(files.map((file) => readFileSync(join(REPO, file), 'utf8')).join('\n'));
      expect(named.length).toBeGreaterThan(0);
      for (const name of named) {
        expect(listed, name).toContain(name);
        const licenseFile = readdirSync(join(REPO, 'node_modules', name)).find((entry) =>
          /^(?:licen[cs]e|copying)/i.test(entry),
        ) as string;
        const licence = readFileSync(join(REPO, 'node_modules', name, licenseFile), 'utf8')
          .replaceAll('\r\n', '\n')
          .trim();
        expect(text, name).toContain(licence);
      }
    },
  );
});
