/**
 * Table-driven rule tests (cases.ts): every rule of the built-in rulesets has passing and failing
 * documents, and a failing document must produce findings at exactly the listed positions. The
 * `strict` ruleset turns every rule of `recommended` on; a client ruleset's rules run under that
 * ruleset (`ruleset` in the case). Findings of other rules are ignored per case.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUILTIN_RULESETS, lintDocument, type ResolvedConfig, resolveConfig } from '../../src/lint/index.js';
import { loadDocument } from '../../src/parse/index.js';
import { CASES, HEAD } from './cases.js';

const configs = new Map<string, ResolvedConfig>();
beforeAll(async () => {
  for (const name of BUILTIN_RULESETS) configs.set(name, await resolveConfig(undefined, name));
});

/** The case's ruleset; a rule off in every built-in ruleset (`tool-annotations`) is turned on to be tested. */
function configFor(rule: string): ResolvedConfig {
  const config = configs.get(CASES[rule]?.ruleset ?? 'strict') as ResolvedConfig;
  const definition = config.rules.get(rule);
  if (definition?.severity !== 'off') return config;
  const rules = new Map(config.rules);
  rules.set(rule, { ...definition, severity: 'warning' });
  return { ...config, rules };
}

function lint(text: string, rule: string) {
  const source = text.startsWith('mcpdesc:') ? text : HEAD + text;
  const loaded = loadDocument(source, { file: 'case.mcpdesc.yaml' });
  return lintDocument(loaded, configFor(rule), { validate: false }).findings.filter((f) => f.code === rule);
}

describe('every built-in rule has cases', () => {
  const recommended = parse(readFileSync(join(__dirname, '../../rules/recommended.yaml'), 'utf8')) as {
    rules: Record<string, unknown>;
  };
  const strictData = parse(readFileSync(join(__dirname, '../../rules/strict.yaml'), 'utf8')) as {
    rules: Record<string, unknown>;
  };
  const ids = new Set([...Object.keys(recommended.rules), ...Object.keys(strictData.rules)]);
  const clientRules = new Map<string, string>();
  for (const name of BUILTIN_RULESETS.filter((n) => n.startsWith('clients/'))) {
    const data = parse(readFileSync(join(__dirname, `../../rules/${name}.yaml`), 'utf8')) as {
      rules: Record<string, unknown>;
    };
    for (const [id, entry] of Object.entries(data.rules)) {
      // A rule the client ruleset defines (not one of recommended it re-levels).
      if (typeof entry === 'object' && entry !== null && 'then' in entry) {
        ids.add(id);
        clientRules.set(id, name);
      }
    }
  }
  it.each([...ids])('%s', (id) => {
    expect(CASES[id], `no cases for rule ${id} in test/lint/cases.ts`).toBeDefined();
    expect(CASES[id]?.valid.length).toBeGreaterThan(0);
    expect(CASES[id]?.invalid.length).toBeGreaterThan(0);
    expect(CASES[id]?.ruleset, `${id} runs under the ruleset that defines it`).toBe(clientRules.get(id));
  });
  it('has no cases for rules that do not exist', () => {
    for (const id of Object.keys(CASES)) expect(ids.has(id), id).toBe(true);
  });
});

describe.each(Object.entries(CASES))('%s', (rule, cases) => {
  it.each(cases.valid.map((doc, i) => [i, doc] as const))('passes valid document %i', (_i, doc) => {
    expect(lint(doc, rule).map((f) => `${f.location.line}:${f.location.column} ${f.message}`)).toEqual([]);
  });
  it.each(cases.invalid.map((c, i) => [i, c] as const))(
    'reports invalid document %i at the exact positions',
    (_i, c) => {
      const findings = lint(c.doc, rule);
      expect(findings.map((f) => [f.location.line, f.location.column])).toEqual(c.at);
      const rules = configFor(rule).rules.get(rule);
      for (const f of findings) {
        expect(f.severity).toBe(rules?.severity);
        if (c.message) expect(f.message).toMatch(c.message);
        expect(f.location.file).toBe('case.mcpdesc.yaml');
      }
    },
  );
});
