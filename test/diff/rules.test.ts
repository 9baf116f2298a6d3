import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRulesMarkdown } from '../../src/diff/docs.js';
import { fixturePath, RULES, ruleMeta } from '../../src/diff/rules.js';
import { validateDocument } from '../../src/validate/index.js';
import { diff, loadRuleCases, ruleIds } from './helpers.js';

const ROOT = join(import.meta.dirname, '../..');
const cases = loadRuleCases();

describe('diff rule registry', () => {
  it('has unique ids and valid mirrors', () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of RULES)
      if (rule.mirror) expect(() => ruleMeta(rule.mirror as string), rule.id).not.toThrow();
  });

  it('every rule has a rationale and a fixture case in its family file', () => {
    // the `files` family is reported by the Action, not by diff: test/diff/rule-tester.test.ts covers it
    for (const rule of RULES.filter((r) => r.family !== 'files')) {
      expect(rule.rationale.length, rule.id).toBeGreaterThan(10);
      expect(existsSync(join(ROOT, fixturePath(rule))), `${rule.id}: ${fixturePath(rule)}`).toBe(true);
      expect(
        cases.some((c) => c.rule === rule.id && c.family === rule.family),
        `${rule.id} has no case in ${fixturePath(rule)}`,
      ).toBe(true);
    }
  });

  it('every fixture case names a registered rule', () => {
    for (const c of cases) expect(() => ruleMeta(c.rule), `${c.family}: ${c.rule}`).not.toThrow();
  });

  it('docs/rules.md is generated from the registry and up to date (node scripts/gen-diff-docs.mjs)', () => {
    const text = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
    expect(text).toBe(renderRulesMarkdown());
    for (const rule of RULES) expect(text).toContain(`\`${rule.id}\``);
  });
});

describe.each(cases.map((c) => [`${c.family}: ${c.rule}`, c] as const))('%s', (_name, c) => {
  it('fixture documents are valid (unless marked invalid)', () => {
    if (c.invalid) return;
    for (const value of [c.old, c.new]) {
      const result = validateDocument({ value, file: 'fixture' });
      expect(
        result.findings
          .filter((f) => f.severity === 'error')
          .map((f) => `${f.code} ${f.location.pointer}: ${f.message}`),
      ).toEqual([]);
    }
  });

  it('reports the rule old → new', () => {
    const result = diff(c.old, c.new);
    expect(ruleIds(result)).toContain(c.rule);
    const change = result.changes.find((x) => x.ruleId === c.rule);
    expect(change?.revisions.length).toBeGreaterThan(0);
    expect(change?.fingerprint).toMatch(/^[0-9a-f]{12}$/);
  });

  const mirror = ruleMeta(c.rule).mirror;
  if (mirror) {
    it(`reports the mirror ${mirror} new → old`, () => {
      expect(ruleIds(diff(c.new, c.old))).toContain(mirror);
    });
  }

  it('reports nothing for a document against itself', () => {
    expect(diff(c.old, c.old).changes).toEqual([]);
    expect(diff(c.new, c.new).changes).toEqual([]);
  });
});
