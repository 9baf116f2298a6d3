/**
 * The git merge driver under real `git merge`: a temporary repository set up with `mcpdesc git-setup`,
 * a base commit and two branches, one case per scenario. Every case checks git's exit code, the
 * file left in the working tree and, for a conflict, the sidecar.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/cli.js';

const built = existsSync(CLI);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CEILING_DIRECTORIES: tmpdir(),
  NO_COLOR: '1',
};

interface Sidecar {
  kept: string;
  conflicts: {
    code: string;
    message: string;
    subject?: { kind: string; key: string };
    sides: { side: string; location: { pointer: string; line: number }; value?: unknown }[];
  }[];
  proposal: unknown;
}

interface Merged {
  /** git merge's exit code. */
  status: number;
  /** git's and the driver's output. */
  output: string;
  /** The file in the working tree after the merge. */
  text: string;
  sidecar?: Sidecar;
  /** Files git reports as unmerged. */
  unmerged: string[];
}

/**
 * Commits `base` on main, `ours` on branch ours, `theirs` on branch theirs, then merges theirs into
 * ours with the driver registered by `git-setup`.
 */
export function gitMerge(
  name: string,
  base: string | Buffer,
  ours: string | Buffer,
  theirs: string | Buffer,
): Merged {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-driver-'));
  dirs.push(dir);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: dir, env, encoding: 'utf8' });
  git('init', '-q');
  const setup = spawnSync(
    process.execPath,
    [CLI, 'git-setup', '--command', `"${process.execPath}" "${CLI}"`],
    {
      cwd: dir,
      env,
      encoding: 'utf8',
    },
  );
  expect(setup.status, setup.stderr).toBe(0);
  const file = join(dir, name);
  const commit = (content: string | Buffer, message: string) => {
    writeFileSync(file, content);
    git('add', '.');
    git('commit', '-q', '--allow-empty', '-m', message);
  };
  commit(base, 'base');
  git('checkout', '-q', '-b', 'theirs');
  commit(theirs, 'theirs');
  git('checkout', '-q', 'main');
  git('checkout', '-q', '-b', 'ours');
  commit(ours, 'ours');
  const merge = spawnSync('git', ['merge', '--no-edit', 'theirs'], { cwd: dir, env, encoding: 'utf8' });
  const sidecarPath = `${file}.mcpdesc-conflict.json`;
  return {
    status: merge.status ?? -1,
    output: `${merge.stdout}${merge.stderr}`,
    text: readFileSync(file, 'utf8'),
    ...(existsSync(sidecarPath) ? { sidecar: JSON.parse(readFileSync(sidecarPath, 'utf8')) as Sidecar } : {}),
    unmerged: git('diff', '--name-only', '--diff-filter=U').split('\n').filter(Boolean),
  };
}

/** A conflict: ours left byte for byte, git marks the file, the sidecar names the conflicts. */
function expectConflict(result: Merged, ours: string, codes: string[]): Sidecar {
  expect(result.status).toBe(1);
  expect(result.text).toBe(ours);
  expect(result.unmerged).toEqual([expect.stringMatching(/mcpdesc/)]);
  expect(result.sidecar?.kept).toBe('ours');
  expect(result.sidecar?.conflicts.map((c) => c.code)).toEqual(codes);
  return result.sidecar as Sidecar;
}

function expectClean(result: Merged, text: string): void {
  expect(result.status, result.output).toBe(0);
  expect(result.sidecar).toBeUndefined();
  expect(result.unmerged).toEqual([]);
  expect(result.text).toBe(text);
}

const HEAD = `mcpdesc: 0.8.0
info:
  name: weather
  version: 1.0.0
protocolVersions: ['2025-06-18', '2025-11-25']
`;

const exampleDoc = (city: string, result: string) => `${HEAD}tools:
  - name: forecast
    description: Forecast for a city
    inputSchema:
      type: object
      properties:
        city: { type: string }
    examples:
      paris:
        input: { city: ${city} }
        result:
          content:
            - type: text
              text: ${result}
`;

describe.skipIf(!built)('git merge driver: the spec’s units are atomic', () => {
  it('an example whose input one side changed and whose result the other changed is a conflict', () => {
    const base = exampleDoc('Paris', 'Sunny in Paris');
    const ours = exampleDoc('Lyon', 'Sunny in Paris');
    const theirs = exampleDoc('Paris', 'Rain in Paris');
    const result = gitMerge('weather.mcpdesc.yaml', base, ours, theirs);
    const sidecar = expectConflict(result, ours, ['concurrent-edit']);
    expect(sidecar.conflicts[0]?.message).toBe(
      '/tools/0/examples/paris (tool "forecast"): both sides changed it differently',
    );
    expect(sidecar.conflicts[0]?.sides.map((s) => s.side)).toEqual(['base', 'ours', 'theirs']);
    expect(sidecar.conflicts[0]?.sides[1]?.value).toEqual({
      input: { city: 'Lyon' },
      result: { content: [{ type: 'text', text: 'Sunny in Paris' }] },
    });
    expect(sidecar.conflicts[0]?.sides[2]?.value).toEqual({
      input: { city: 'Paris' },
      result: { content: [{ type: 'text', text: 'Rain in Paris' }] },
    });
  }, 60_000);

  it('different examples of one tool changed on each side merge cleanly', () => {
    const two = (a: string, b: string) =>
      `${exampleDoc('Paris', a)}      lyon:
        input: { city: Lyon }
        result:
          content:
            - type: text
              text: ${b}
`;
    const result = gitMerge(
      'weather.mcpdesc.yaml',
      two('Sunny', 'Cloudy'),
      two('Sunny in Paris', 'Cloudy'),
      two('Sunny', 'Cloudy in Lyon'),
    );
    expectClean(result, two('Sunny in Paris', 'Cloudy in Lyon'));
  }, 60_000);

  const elicitationDoc = (message: string, when: string) => `${HEAD}tools:
  - name: book
    description: Book a table
    inputSchema:
      type: object
    elicitations:
      - name: confirm
        mode: form
        message: ${message}
        when: ${when}
        requestedSchema:
          type: object
          properties:
            ok: { type: boolean }
`;

  it('an elicitation declaration changed in different fields on each side is a conflict', () => {
    const base = elicitationDoc('Confirm the booking?', 'the table is free');
    const ours = elicitationDoc('Confirm the booking for two?', 'the table is free');
    const theirs = elicitationDoc('Confirm the booking?', 'a deposit is needed');
    const result = gitMerge('book.mcpdesc.yaml', base, ours, theirs);
    const sidecar = expectConflict(result, ours, ['concurrent-edit']);
    expect(sidecar.conflicts[0]?.sides[0]?.location.pointer).toBe('/tools/0/elicitations/0');
  }, 60_000);

  const scenarioDoc = (message: string, text: string) => `${HEAD}tools:
  - name: book
    description: Book a table
    inputSchema:
      type: object
    interactionExamples:
      confirmed:
        input: {}
        steps:
          - type: elicitation
            request:
              mode: form
              message: ${message}
              requestedSchema:
                type: object
                properties:
                  ok: { type: boolean }
            response:
              action: accept
              content: { ok: true }
        result:
          content:
            - type: text
              text: ${text}
`;

  it('an interaction scenario with an elicitation step changed on each side is a conflict', () => {
    const base = scenarioDoc('Confirm?', 'Booked');
    const ours = scenarioDoc('Confirm for two?', 'Booked');
    const theirs = scenarioDoc('Confirm?', 'Booked for 20:00');
    const result = gitMerge('book.mcpdesc.yaml', base, ours, theirs);
    const sidecar = expectConflict(result, ours, ['concurrent-edit']);
    expect(sidecar.conflicts[0]?.sides[0]?.location.pointer).toBe('/tools/0/interactionExamples/confirmed');
  }, 60_000);
});

const scopeDoc = (scope: string, description = 'Forecast') => `${HEAD}tools:
  - name: forecast
    description: ${description}
${scope}    inputSchema:
      type: object
`;

describe.skipIf(!built)('git merge driver: a scope is one value with its meaning', () => {
  it('narrowed to different revisions on each side: a conflict, never the union', () => {
    const base = scopeDoc('');
    const ours = scopeDoc("    protocolVersions: ['2025-06-18']\n");
    const theirs = scopeDoc("    protocolVersions: ['2025-11-25']\n");
    const result = gitMerge('weather.mcpdesc.yaml', base, ours, theirs);
    const sidecar = expectConflict(result, ours, ['concurrent-edit']);
    expect(sidecar.conflicts[0]?.message).toBe(
      '/tools/0/protocolVersions (tool "forecast"): both sides changed its scope differently',
    );
    expect(sidecar.conflicts[0]?.sides.map((s) => s.value)).toEqual([
      undefined,
      ['2025-06-18'],
      ['2025-11-25'],
    ]);
  }, 60_000);

  it('the full parent scope spelled out on one side is no change: the other side’s narrowing stands', () => {
    const base = scopeDoc('');
    const ours = scopeDoc("    protocolVersions: ['2025-11-25']\n");
    const theirs = scopeDoc("    protocolVersions: ['2025-11-25', '2025-06-18']\n", 'Forecast for a city');
    const result = gitMerge('weather.mcpdesc.yaml', base, ours, theirs);
    expectClean(result, scopeDoc("    protocolVersions: ['2025-11-25']\n", 'Forecast for a city'));
  }, 60_000);

  it('a tool added without a scope while the other side adds a root revision: merged, with a warning', () => {
    const doc = (root: string, extra: string) => `mcpdesc: 0.8.0
info:
  name: weather
  version: 1.0.0
protocolVersions: [${root}]
tools:
  - name: forecast
    description: Forecast
    inputSchema:
      type: object
${extra}`;
    const added = `  - name: alerts
    description: Weather alerts
    inputSchema:
      type: object
`;
    const result = gitMerge(
      'weather.mcpdesc.yaml',
      doc("'2025-06-18'", ''),
      doc("'2025-06-18', '2025-11-25'", ''),
      doc("'2025-06-18'", added),
    );
    expectClean(result, doc("'2025-06-18', '2025-11-25'", added));
    expect(result.output).toContain(
      'mcpdesc merge-driver: weather.mcpdesc.yaml: warning: tool "alerts" was added by theirs without protocolVersions and now also claims 2025-11-25: ours changed the root protocolVersions; give it protocolVersions if it describes only 2025-06-18',
    );
  }, 60_000);
});

describe.skipIf(!built)('git merge driver: a clean merge adds no diagnostic', () => {
  it('a second unknown tag reference, when the base already had one, is invalid-result', () => {
    // `beta` is undeclared everywhere; ours drops `players` from the catalogue (nothing of ours uses
    // it), theirs tags `rate` with it: each side has one unknown reference, the merge has two.
    const doc = (catalogue: string, rateTags: string) => `${HEAD}tags:
${catalogue}tools:
  - name: search
    description: Search
    tags: [games, beta]
    inputSchema:
      type: object
  - name: rate
    description: Rate
    tags: [${rateTags}]
    inputSchema:
      type: object
`;
    const base = doc('  - name: games\n  - name: players\n', 'games');
    const ours = doc('  - name: games\n', 'games');
    const theirs = doc('  - name: games\n  - name: players\n', 'games, players');
    const result = gitMerge('games.mcpdesc.yaml', base, ours, theirs);
    const sidecar = expectConflict(result, ours, ['invalid-result']);
    expect(sidecar.conflicts[0]?.message).toContain('[unknown-tag-reference]');
    expect(sidecar.conflicts[0]?.message).toContain('"players"');
  }, 60_000);
});

const commented = (top: string, forecast: string, description = 'Forecast', extra = '') => `# ${top}
mcpdesc: 0.8.0
info:
  name: weather   # shown to users
  version: 1.0.0
protocolVersions: ['2025-06-18', '2025-11-25']
tools:
  # ${forecast}
  - name: forecast
    description: ${description}
    tags: [weather, daily]
    inputSchema: { type: object, properties: { city: { type: string } } }
  - name: alerts
    description: 'Weather alerts'
    inputSchema:
      type: object
${extra}`;

describe.skipIf(!built)('git merge driver: the author’s file is kept', () => {
  it('comment-only edits on both sides, at different places, both survive', () => {
    const result = gitMerge(
      'weather.mcpdesc.yaml',
      commented('Weather server', 'Daily forecast'),
      commented('Weather server (maintained by the data team)', 'Daily forecast'),
      commented('Weather server', 'Daily forecast, metric units'),
    );
    expectClean(
      result,
      commented('Weather server (maintained by the data team)', 'Daily forecast, metric units'),
    );
  }, 60_000);

  it('the same comment edited differently on both sides is a conflict, as git’s own merge would make it', () => {
    const ours = commented('Weather server', 'Daily forecast (ours)');
    const result = gitMerge(
      'weather.mcpdesc.yaml',
      commented('Weather server', 'Daily forecast'),
      ours,
      commented('Weather server', 'Daily forecast (theirs)', 'Forecast for a city'),
    );
    const sidecar = expectConflict(result, ours, ['text-conflict']);
    expect(sidecar.conflicts[0]?.sides.map((s) => [s.side, s.location.line])).toEqual([
      ['base', 8],
      ['ours', 8],
      ['theirs', 8],
    ]);
  }, 60_000);

  it('semantic edits on both sides keep comments, flow style and quoting of the rest', () => {
    const added = `  - name: history
    description: Past weather
    inputSchema: { type: object }
`;
    const result = gitMerge(
      'weather.mcpdesc.yaml',
      commented('Weather server', 'Daily forecast'),
      commented('Weather server', 'Daily forecast', 'Forecast for a city'),
      commented('Weather server', 'Daily forecast', 'Forecast', added),
    );
    expectClean(result, commented('Weather server', 'Daily forecast', 'Forecast for a city', added));
  }, 60_000);

  it('a flow sequence and a flow map edited on different sides stay in flow style', () => {
    const base = commented('Weather server', 'Daily forecast');
    const ours = base.replace('tags: [weather, daily]', 'tags: [weather, daily, metric]');
    const theirs = base.replace(
      '{ city: { type: string } }',
      '{ city: { type: string }, days: { type: integer } }',
    );
    const result = gitMerge('weather.mcpdesc.yaml', base, ours, theirs);
    expectClean(
      result,
      base
        .replace('tags: [weather, daily]', 'tags: [weather, daily, metric]')
        .replace('{ city: { type: string } }', '{ city: { type: string }, days: { type: integer } }'),
    );
  }, 60_000);

  const jsonDoc = (indent: string, eol: string, description: string, rate: string, finalNewline = true) =>
    [
      '{',
      `${indent}"mcpdesc": "0.8.0",`,
      `${indent}"info": { "name": "chess", "version": "1.0.0" },`,
      `${indent}"protocolVersions": ["2025-11-25"],`,
      `${indent}"tools": [`,
      `${indent}${indent}{`,
      `${indent}${indent}${indent}"name": "search",`,
      `${indent}${indent}${indent}"description": "${description}",`,
      `${indent}${indent}${indent}"inputSchema": { "type": "object" }`,
      `${indent}${indent}},`,
      `${indent}${indent}{`,
      `${indent}${indent}${indent}"name": "rate",`,
      `${indent}${indent}${indent}"description": "${rate}",`,
      `${indent}${indent}${indent}"inputSchema": { "type": "object" }`,
      `${indent}${indent}}`,
      `${indent}]`,
      '}',
    ].join(eol) + (finalNewline ? eol : '');

  for (const [label, indent, eol, finalNewline] of [
    ['4-space indentation', '    ', '\n', true],
    ['tab indentation', '\t', '\n', true],
    ['CRLF line endings, no final newline', '  ', '\r\n', false],
  ] as const) {
    it(`JSON with ${label} is edited in place`, () => {
      const doc = (d: string, r: string) => jsonDoc(indent, eol, d, r, finalNewline);
      const result = gitMerge(
        'chess.mcpdesc.json',
        doc('Search games', 'Rate a player'),
        doc('Search all games', 'Rate a player'),
        doc('Search games', 'Rate one player'),
      );
      expectClean(result, doc('Search all games', 'Rate one player'));
    }, 60_000);
  }

  it('JSON: a tool added by theirs is inserted with the file’s indentation and line endings', () => {
    const base = jsonDoc('\t', '\r\n', 'Search games', 'Rate a player');
    const theirs = base.replace(
      '\t\t}\r\n\t]',
      '\t\t},\r\n\t\t{\r\n\t\t\t"name": "history",\r\n\t\t\t"inputSchema": {\r\n\t\t\t\t"type": "object"\r\n\t\t\t}\r\n\t\t}\r\n\t]',
    );
    const ours = base.replace('Search games', 'Search all games');
    const result = gitMerge('chess.mcpdesc.json', base, ours, theirs);
    expectClean(result, theirs.replace('Search games', 'Search all games'));
  }, 60_000);
});

describe.skipIf(!built)('git merge driver: integers beyond ±2^53', () => {
  const doc = (maximum: string, description = 'Count') => `${HEAD}tools:
  - name: count
    description: ${description}
    inputSchema:
      type: object
      properties:
        n: { type: integer, maximum: ${maximum} }
`;

  it('two different such literals, which read as one value, are refused', () => {
    const ours = doc('9007199254740993');
    const result = gitMerge(
      'count.mcpdesc.yaml',
      doc('9007199254740995'),
      ours,
      doc('9007199254740992', 'Count things'),
    );
    const sidecar = expectConflict(result, ours, ['integer-precision-conflict']);
    expect(sidecar.conflicts[0]?.sides.map((s) => s.value)).toEqual(['9007199254740993', '9007199254740992']);
  }, 60_000);

  it('the same literal on both sides merges, the literal kept as written', () => {
    const result = gitMerge(
      'count.mcpdesc.yaml',
      doc('9007199254740993'),
      doc('9007199254740993', 'Count things'),
      doc('9007199254740993').replace('type: integer', 'type: integer, minimum: 0'),
    );
    expectClean(
      result,
      doc('9007199254740993', 'Count things').replace('type: integer', 'type: integer, minimum: 0'),
    );
  }, 60_000);
});
