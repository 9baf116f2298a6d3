/** Config files: discovery, extends, re-levelling, overrides, ignores, inline suppression, custom functions, errors with positions. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  expiredIgnoreFindings,
  findConfigFile,
  lintDocument,
  type ResolvedConfig,
  resolveConfig,
} from '../../src/lint/index.js';
import { planFor } from '../../src/lint/rule-plan.js';
import { loadDocument } from '../../src/parse/index.js';

const root = mkdtempSync(join(tmpdir(), 'mcpdesc-lint-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let counter = 0;
function dir(files: Record<string, string>): string {
  const d = join(root, `case-${counter++}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(d, name, '..'), { recursive: true });
    writeFileSync(join(d, name), text);
  }
  return d;
}

const DOC = `mcpdesc: 0.8.0
info:
  name: t
  version: 1.0.0
protocolVersions: ['2025-11-25']
tools:
  - name: get_t
    inputSchema: { type: object }
  - name: u
    description: Update one record in the store by id.
    annotations: { destructiveHint: false, idempotentHint: true }
    inputSchema: { type: object, additionalProperties: false }
`;

function run(config: ResolvedConfig, text = DOC, filePath?: string, now?: Date) {
  const loaded = loadDocument(text, { file: 'doc.mcpdesc.yaml' });
  return lintDocument(loaded, config, { ...(filePath ? { filePath } : {}), ...(now ? { now } : {}) });
}
const codes = (r: ReturnType<typeof run>) =>
  r.findings.map((f) => `${f.code}:${f.severity}@${f.location.line}:${f.location.column}`);

async function configError(files: Record<string, string>, name = '.mcpdesc.yaml'): Promise<ConfigError> {
  const d = dir(files);
  try {
    await resolveConfig(join(d, name));
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('discovery', () => {
  it('finds the nearest config file searching up, in the documented order', () => {
    const d = dir({
      '.mcpdesc.json': '{}',
      'a/b/.mcpdesc.yaml': 'rules: {}',
      'a/b/c/x.json': '{}',
      'a/other/x.json': '{}',
    });
    expect(findConfigFile(join(d, 'a/b/c'))).toBe(join(d, 'a/b/.mcpdesc.yaml'));
    expect(findConfigFile(join(d, 'a/other'))).toBe(join(d, '.mcpdesc.json'));
  });
});

describe('defaults', () => {
  it('uses recommended without a config file', async () => {
    const config = await resolveConfig(undefined);
    expect(codes(run(config))).toEqual(['tool-description:warning@7:5', 'write-tool-hints:info@7:5']);
  });
});

describe('rules, extends and overrides', () => {
  it('re-levels, turns off and passes options; strict extends recommended', async () => {
    const d = dir({
      '.mcpdesc.yaml': `extends: strict
rules:
  tool-description: { severity: info, options: { min: 60 } }
  write-tool-hints: off
  tool-annotations: off
  no-parameter-closed-schema: error
`,
    });
    const config = await resolveConfig(join(d, '.mcpdesc.yaml'));
    expect(codes(run(config))).toEqual([
      'info-description:warning@2:1',
      'tool-description:info@7:5',
      'no-parameter-closed-schema:error@8:18',
      'tool-description:info@10:18',
    ]);
  });

  it('applies overrides by file glob (relative to the config file) and by JSON pointer', async () => {
    const d = dir({
      '.mcpdesc.yaml': `overrides:
  - files: ['legacy/**']
    rules: { tool-description: off }
  - pointers: ['/tools/*/inputSchema']
    rules: { no-parameter-closed-schema: hint }
`,
    });
    const config = await resolveConfig(join(d, '.mcpdesc.yaml'));
    expect(codes(run(config, DOC, join(d, 'legacy/old.mcpdesc.yaml')))).toEqual([
      'write-tool-hints:info@7:5',
      'no-parameter-closed-schema:hint@8:18',
    ]);
    expect(codes(run(config, DOC, join(d, 'new.mcpdesc.yaml')))).toContain('tool-description:warning@7:5');
  });

  it('defines new rules with a JSONPath given and a local custom function', async () => {
    const d = dir({
      'fns/no-x.mjs': `export default function noX(target, options) {
  return typeof target === 'string' && target.includes(options.letter) ? [{ message: 'contains ' + options.letter }] : [];
}
noX.optionsSchema = { type: 'object', required: ['letter'] };
`,
      '.mcpdesc.yaml': `functions:
  noX: ./fns/no-x.mjs
rules:
  no-u-names:
    description: Tool names have no u.
    severity: error
    message: '{{subject}} name {{error}}'
    given: Tool
    then: { field: name, function: noX, functionOptions: { letter: u } }
  info-name-short:
    description: info.name is short.
    given: '$.info.name'
    then: { function: length, functionOptions: { max: 0 } }
`,
    });
    const config = await resolveConfig(join(d, '.mcpdesc.yaml'));
    const result = run(config);
    const own = result.findings.filter((f) => f.code === 'no-u-names' || f.code === 'info-name-short');
    expect(own.map((f) => `${f.code}@${f.location.line}:${f.location.column} ${f.message}`)).toEqual([
      'info-name-short@3:9 Value at /info/name is too long: 1 characters, at most 0 expected',
      'no-u-names@9:11 Tool "u" name contains u',
    ]);
  });

  it('gives a custom function every subject of the document, though the Document comes first in the walk', async () => {
    const d = dir({
      'fns/count.mjs': `export default function count(_target, _options, context) {
  const n = (type) => (context.subjects.get(type) ?? []).length;
  return [{ message: n('Tool') + ' tools, ' + n('ToolInputSchema') + ' input schemas' }];
}
`,
      '.mcpdesc.yaml': `functions:
  count: ./fns/count.mjs
rules:
  counted:
    description: Counts subjects.
    given: [Document, Tool]
    then: { function: count }
  unique-names:
    description: Built in, reads the tools itself.
    given: Document
    then: { function: uniqueNames, functionOptions: { subjects: [Tool] } }
`,
    });
    const result = run(
      await resolveConfig(join(d, '.mcpdesc.yaml')),
      `${DOC}  - name: U\n    inputSchema: { type: object }\n`,
    );
    const counted = result.findings.filter((f) => f.code === 'counted').map((f) => f.message);
    expect(counted).toEqual([
      'Document 3 tools, 3 input schemas',
      'Tool "get_t" 3 tools, 3 input schemas',
      'Tool "u" 3 tools, 3 input schemas',
      'Tool "U" 3 tools, 3 input schemas',
    ]);
    expect(result.findings.filter((f) => f.code === 'unique-names')).toHaveLength(1);
  });

  it('fills message placeholders, spaced or not, and leaves unknown ones as written', async () => {
    const d = dir({
      '.mcpdesc.yaml': `rules:
  name-says-u:
    description: Tool names have no u.
    severity: error
    message: '{{ subject }}: {{error}} ({{ nope }}, {{property}})'
    given: Tool
    then: { field: name, function: pattern, functionOptions: { notMatch: u } }
`,
    });
    const result = run(await resolveConfig(join(d, '.mcpdesc.yaml')));
    const messages = result.findings.filter((f) => f.code === 'name-says-u').map((f) => f.message);
    expect(messages).toEqual(['Tool "u": "u" must not match u ({{ nope }}, name)']);
  });

  it('escapes invisible characters in every message, however messages alternate between findings', async () => {
    const d = dir({
      'fns/alternate.mjs': `let calls = 0;
export default function alternate() {
  calls++;
  return [{ message: calls % 2 === 0 ? 'plain' : 'hidden\\u200Bspace' }, { message: 'plain' }];
}
`,
      '.mcpdesc.yaml': `functions:
  alternate: ./fns/alternate.mjs
rules:
  alternating:
    description: Two messages per schema, one of them with a zero-width space every other time.
    severity: error
    message: '{{subject}}: {{error}}'
    given: ToolInputSchema
    then: { function: alternate }
`,
    });
    const result = run(await resolveConfig(join(d, '.mcpdesc.yaml')));
    const messages = result.findings.filter((f) => f.code === 'alternating').map((f) => f.message);
    expect(messages).toEqual([
      'Input schema of Tool "get_t": hidden\\u{200B}space',
      'Input schema of Tool "get_t": plain',
      'Input schema of Tool "u": plain',
      'Input schema of Tool "u": plain',
    ]);
  });

  // Each `when` form against three tools: a (title "x", depth-0 schema), b (no title), c (title "y").
  it.each([
    ['a plain value', '{ title: x }', ['a']],
    ['a list of values', '{ title: [x, y] }', ['a', 'c']],
    ['defined: true', '{ title: { defined: true } }', ['a', 'c']],
    ['defined: false', '{ title: { defined: false } }', ['b']],
    ['not (a missing field passes)', '{ title: { not: x } }', ['b', 'c']],
    ['in', '{ title: { in: [y, z] } }', ['c']],
    ['defined and not together', '{ title: { defined: true, not: x } }', ['c']],
    ['two entries (both must hold)', '{ title: { defined: true }, name: { not: a } }', ['c']],
    ['an engine key ($name)', '{ $name: [b, c] }', ['b', 'c']],
    ['a value that never matches', '{ title: 7 }', []],
  ])('when with %s', async (_label, when, names) => {
    const d = dir({
      '.mcpdesc.yaml': `extends: []
rules:
  seen:
    description: Reports every tool the condition lets through.
    severity: error
    message: '{{name}}'
    given: Tool
    when: ${when}
    then: { function: truthy, field: nothing-here }
`,
    });
    const text = `mcpdesc: 0.8.0
info: { name: t, version: 1.0.0 }
protocolVersions: ['2025-11-25']
tools:
  - { name: a, title: x, inputSchema: { type: object } }
  - { name: b, inputSchema: { type: object } }
  - { name: c, title: y, inputSchema: { type: object } }
`;
    const result = run(await resolveConfig(join(d, '.mcpdesc.yaml')), text);
    expect(result.findings.filter((f) => f.code === 'seen').map((f) => f.message)).toEqual(names);
  });

  it('consistentCasing on a member field points at that member of the odd one out', async () => {
    const d = dir({
      '.mcpdesc.yaml': `rules:
  title-casing:
    description: Tool titles use one casing.
    severity: error
    message: '{{error}}'
    given: Document
    then: { function: consistentCasing, functionOptions: { subjects: [Tool], field: title } }
`,
    });
    const text = `mcpdesc: 0.8.0
info: { name: t, version: 1.0.0 }
protocolVersions: ['2025-11-25']
tools:
  - { name: a, title: get_user, inputSchema: { type: object } }
  - { name: b, title: list_users, inputSchema: { type: object } }
  - { name: c, title: createIssue, inputSchema: { type: object } }
`;
    const result = run(await resolveConfig(join(d, '.mcpdesc.yaml')), text);
    const own = result.findings.filter((f) => f.code === 'title-casing');
    expect(
      own.map((f) => `${f.location.pointer}@${f.location.line}:${f.location.column} ${f.message}`),
    ).toEqual([
      '/tools/2/title@7:23 "createIssue" is not snake case like the other 2 name(s) (e.g. "get_user")',
    ]);
  });

  it('consistentCasing folded during the walk reports what it reports run after the walk', async () => {
    // The same rule twice: given the Document alone it is folded; with a `when` it runs after the
    // walk on the subjects kept for it.
    const rule = (when: string) => `    description: Input property names use one casing per tool.
    severity: warning
    message: '{{error}}'
    given: Document${when}
    then:
      function: consistentCasing
      functionOptions: { subjects: [ToolOutputProperty, ToolInputProperty], scope: parent, established: 2 }
`;
    const d = dir({
      '.mcpdesc.yaml': `rules:\n  folded:\n${rule('')}  kept:\n${rule('\n    when: { $name: document }')}`,
    });
    const text = `mcpdesc: 0.8.0
info: { name: t, version: 1.0.0 }
protocolVersions: ['2025-11-25']
tools:
  - name: a
    inputSchema: { type: object, properties: { repo_name: {}, issueNumber: {}, perPage: {} } }
    outputSchema: { type: object, properties: { total_count: {} } }
  - name: b
    inputSchema: { type: object, properties: { perPage: {}, base_ref: {}, head_ref: {} } }
`;
    const config = await resolveConfig(join(d, '.mcpdesc.yaml'));
    const plan = planFor(config, join(d, 'doc.mcpdesc.yaml'));
    expect(plan.folded.map((c) => c.id)).toContain('folded');
    expect(plan.folded.map((c) => c.id)).not.toContain('kept');
    expect(plan.kept.has('ToolOutputProperty')).toBe(true);
    const result = run(config, text);
    const of = (code: string) =>
      result.findings
        .filter((f) => f.code === code)
        .map((f) => `${f.location.pointer}@${f.location.line}:${f.location.column} ${f.message}`);
    expect(of('folded')).toEqual([
      '/tools/0/inputSchema/properties/issueNumber@6:63 "issueNumber" is not snake case like the other 2 name(s) (e.g. "total_count")',
    ]);
    expect(of('kept')).toEqual(of('folded'));
  });

  it('the recommended input-property-casing keeps no input property for later', async () => {
    const d = dir({ '.mcpdesc.yaml': 'extends: recommended\n' });
    const plan = planFor(await resolveConfig(join(d, '.mcpdesc.yaml')), join(d, 'doc.mcpdesc.yaml'));
    expect(plan.folded.map((c) => c.id)).toContain('input-property-casing');
    expect(plan.kept.has('ToolInputProperty')).toBe(false);
  });

  it('consistentCasing with a style listed more than once: a tie still goes to the first listed', async () => {
    // 40 entries: more than the bits of a number if each entry were one style of its own
    const styles = [...Array.from({ length: 39 }, () => 'camel'), 'snake'];
    const d = dir({
      '.mcpdesc.yaml': `rules:
  name-casing:
    description: Tool names use one casing.
    severity: error
    message: '{{error}}'
    given: Document
    then: { function: consistentCasing, functionOptions: { subjects: [Tool], styles: [${styles.join(', ')}] } }
`,
    });
    const text = `mcpdesc: 0.8.0
info: { name: t, version: 1.0.0 }
protocolVersions: ['2025-11-25']
tools:
  - { name: get_user, inputSchema: { type: object } }
  - { name: createIssue, inputSchema: { type: object } }
`;
    const result = run(await resolveConfig(join(d, '.mcpdesc.yaml')), text);
    expect(result.findings.filter((f) => f.code === 'name-casing').map((f) => f.message)).toEqual([
      '"get_user" is not camel case like the other 1 name(s) (e.g. "createIssue")',
    ]);
  });

  it('reads .mcpdesc.json and mcpdesc.config.mjs', async () => {
    const json = dir({ '.mcpdesc.json': '{ "rules": { "tool-description": "off" } }' });
    const mjs = dir({
      'mcpdesc.config.mjs':
        "export default { extends: 'recommended', rules: { 'write-tool-hints': 'error' } };",
    });
    expect(codes(run(await resolveConfig(join(json, '.mcpdesc.json'))))).not.toContain(
      'tool-description:warning@7:5',
    );
    expect(codes(run(await resolveConfig(join(mjs, 'mcpdesc.config.mjs'))))).toContain(
      'write-tool-hints:error@7:5',
    );
  });
});

describe('validation diagnostics', () => {
  const INVALID = DOC.replace(
    "protocolVersions: ['2025-11-25']",
    "protocolVersions: ['2025-11-25']\nbogus: 1",
  );

  it('are part of lint under their own codes, re-levellable', async () => {
    const config = await resolveConfig(undefined);
    const result = run(config, INVALID);
    expect(result.valid).toBe(false);
    expect(result.findings.some((f) => f.severity === 'error' && f.location.line === 6)).toBe(true);
    const code = result.findings.find((f) => f.location.line === 6)!.code;
    const d = dir({ '.mcpdesc.yaml': `rules:\n  ${code}: warning\n` });
    const relevelled = run(await resolveConfig(join(d, '.mcpdesc.yaml')), INVALID);
    expect(relevelled.findings.find((f) => f.code === code)?.severity).toBe('warning');
    expect(relevelled.valid).toBe(false);
  });

  it('cannot turn off or ignore an error that makes the document invalid', async () => {
    const off = await configError({ '.mcpdesc.yaml': 'rules:\n  unknown-property: off\n' });
    expect(off.format()).toMatch(
      /\.mcpdesc\.yaml:2:21: "unknown-property" makes the document invalid and cannot be turned off/,
    );
    const ignored = await configError({
      '.mcpdesc.yaml': 'ignore:\n  - rules: [unknown-property]\n    reason: nope\n',
    });
    expect(ignored.format()).toMatch(
      /:2:13: "unknown-property" makes the document invalid and cannot be ignored/,
    );
  });

  it('are not suppressed inline', async () => {
    const config = await resolveConfig(undefined);
    const text = DOC.replace(
      "protocolVersions: ['2025-11-25']",
      "protocolVersions: ['2025-11-25']\nx-mcpdesc-ignore: [unknown-property]\nbogus: 1",
    );
    expect(run(config, text).findings.some((f) => f.code === 'unknown-property')).toBe(true);
  });

  it('can be turned off when they are warnings', async () => {
    const legacy = DOC.replace("['2025-11-25']", "['2025-03-26']");
    const config = await resolveConfig(undefined);
    expect(run(config, legacy).findings.map((f) => f.code)).toContain(
      'legacy-protocol-validation-incomplete',
    );
    const d = dir({ '.mcpdesc.yaml': 'rules:\n  legacy-protocol-validation-incomplete: off\n' });
    expect(
      run(await resolveConfig(join(d, '.mcpdesc.yaml')), legacy).findings.map((f) => f.code),
    ).not.toContain('legacy-protocol-validation-incomplete');
  });
});

describe('suppression', () => {
  it('x-mcpdesc-ignore on the object concerned (or a containing one) suppresses those rules there only', async () => {
    const config = await resolveConfig(undefined);
    const text = DOC.replace(
      '  - name: get_t\n',
      '  - name: get_t\n    x-mcpdesc-ignore: [tool-description, input-property-type]\n',
    );
    const result = run(config, text);
    expect(codes(result)).toEqual(['write-tool-hints:info@7:5']);
    expect(result.suppressed).toBe(1);
  });

  it('config ignore entries apply until they expire, then are reported', async () => {
    const d = dir({
      '.mcpdesc.yaml': `ignore:
  - rules: [tool-description, write-tool-hints]
    pointers: ['/tools/0']
    reason: generated by the SDK, fixed upstream
    expires: '2030-01-31'
`,
    });
    const config = await resolveConfig(join(d, '.mcpdesc.yaml'));
    expect(codes(run(config, DOC, undefined, new Date('2030-01-31T23:00:00Z')))).toEqual([]);
    const after = new Date('2030-02-01T00:00:00Z');
    expect(codes(run(config, DOC, undefined, after))).toContain('tool-description:warning@7:5');
    const expired = expiredIgnoreFindings(config, after);
    expect(expired.map((f) => `${f.code}@${f.location.line}:${f.location.column}`)).toEqual([
      'lint-ignore-expired@2:5',
    ]);
    expect(expired[0]!.location.file).toBe(join(d, '.mcpdesc.yaml'));
    expect(expiredIgnoreFindings(config, new Date('2030-01-01'))).toEqual([]);
  });
});

describe('config errors carry file:line:col', () => {
  it.each([
    ['unknown top-level key', 'rulez: {}\n', /:1:1: unknown property "rulez"/, 'config-schema'],
    [
      'unknown rule',
      'rules:\n  no-such-rule: warn\n',
      /:2:17: must be one of "error", "warning", "info", "hint", "off"|:2:3: unknown rule/,
      'config-schema',
    ],
    [
      'unknown rule, valid severity',
      'rules:\n  no-such-rule: warning\n',
      /:2:3: unknown rule "no-such-rule"/,
      'config-invalid',
    ],
    [
      'bad options',
      'rules:\n  tool-description: { options: { min: -1 } }\n',
      /:2:39: options of tool-description \(function usefulText\): \/min must be >= 1/,
      'config-invalid',
    ],
    [
      'bad regular expression in options',
      "rules:\n  input-property-type: { options: { anyValue: '(' } }\n",
      /:2:3\d: options of input-property-type: anyValue: Invalid regular expression/,
      'config-invalid',
    ],
    [
      'bad function',
      'rules:\n  r:\n    given: Tool\n    then: { function: nope }\n',
      /:4:23: unknown function "nope"/,
      'config-invalid',
    ],
    [
      'bad subject',
      'rules:\n  r:\n    given: [Tool, Tol]\n    then: { function: truthy }\n',
      /:3:19: unknown subject type "Tol"/,
      'config-invalid',
    ],
    [
      'bad JSONPath',
      "rules:\n  r:\n    given: '$.a[?(@.x)]'\n    then: { function: truthy }\n",
      /:3:12: unsupported selector/,
      'config-invalid',
    ],
    ['bad extends', 'extends: [recommended, nope]\n', /:1:24: unknown ruleset "nope"/, 'unknown-ruleset'],
    ['YAML syntax', 'rules: [\n', /:2:1: .*\(yaml-syntax\)/, 'config-syntax'],
    [
      'custom function from a package',
      'functions:\n  f: lodash\n',
      /:2:6: custom functions load only from local files/,
      'config-invalid',
    ],
    [
      'bad expiry',
      "ignore:\n  - rules: [tool-description]\n    reason: x\n    expires: '2030-13-45'\n",
      /:4:14: invalid date/,
      'config-invalid',
    ],
  ])('%s', async (_name, text, pattern, code) => {
    const error = await configError({ '.mcpdesc.yaml': text });
    expect(error.format()).toMatch(pattern);
    expect(error.code).toBe(code);
    expect(error.file.endsWith('.mcpdesc.yaml')).toBe(true);
  });

  it('reports an extends cycle', async () => {
    const error = await configError({
      '.mcpdesc.yaml': 'extends: ./b.yaml\n',
      'b.yaml': 'extends: ./.mcpdesc.yaml\n',
    });
    expect(error.message).toMatch(/extends cycle/);
  });
});
