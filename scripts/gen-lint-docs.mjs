#!/usr/bin/env node
/**
 * Generates the rule and function tables of docs/lint.md from the rulesets' own data (rules/*.yaml)
 * and the built-in function registry. Usage:
 *
 *   npm run build && node scripts/gen-lint-docs.mjs          # rewrite docs/lint.md
 *   npm run build && node scripts/gen-lint-docs.mjs --check  # exit 1 when docs/lint.md is stale
 *
 * test/lint/docs.test.ts renders the same text (from src/) and fails when the file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BEGIN = '<!-- BEGIN GENERATED: scripts/gen-lint-docs.mjs -->';
export const END = '<!-- END GENERATED -->';

const cell = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
const list = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function loadRuleset(name) {
  return parse(readFileSync(join(ROOT, 'rules', `${name}.yaml`), 'utf8'));
}

/** The client-compatibility rulesets (rules/clients/*.yaml), in the order src/lint/config.ts lists them. */
const CLIENT_RULESETS = ['clients/gemini', 'clients/openai-strict'];

/** A rule entry of a ruleset that defines a rule (not a re-levelling of one it extends). */
const isDefinition = (entry) =>
  typeof entry === 'object' && entry !== null && ('then' in entry || 'given' in entry);

function ruleDetails(id, rule, severityLine, strictChange) {
  let out = `#### ${id}\n\n${cell(rule.description)}\n\n`;
  if (rule.help) out += `${cell(rule.help)}\n\n`;
  const when = rule.when ? ` when \`${JSON.stringify(rule.when)}\`` : '';
  const field = rule.then?.field
    ? `, field ${list(rule.then.field)
        .map((f) => `\`${f}\``)
        .join(', ')}`
    : '';
  out += `- Given: ${list(rule.given)
    .map((g) => `\`${g}\``)
    .join(', ')}${when}${field}\n`;
  out += `- Function: ${optionsText(rule, strictChange)}\n`;
  out += `- Severity: ${severityLine}\n\n`;
  return out;
}

/** Severity of every rule in `recommended` and `strict` (strict extends recommended). */
function severities(recommended, strict) {
  const out = new Map();
  for (const [id, rule] of Object.entries(recommended.rules))
    out.set(id, { recommended: rule.severity ?? 'warning', strict: rule.severity ?? 'warning' });
  for (const [id, change] of Object.entries(strict.rules ?? {})) {
    const entry = out.get(id) ?? { recommended: '—', strict: 'warning' };
    const severity = typeof change === 'string' ? change : change.severity;
    if (severity) entry.strict = severity;
    out.set(id, entry);
  }
  return out;
}

function optionsText(rule, strictChange) {
  const options = rule.then?.functionOptions;
  let text = `\`${rule.then?.function}\``;
  if (options && Object.keys(options).length > 0) text += ` ${'`'}${JSON.stringify(options)}${'`'}`;
  if (strictChange && typeof strictChange === 'object' && strictChange.options)
    text += ` (strict: ${'`'}${JSON.stringify(strictChange.options)}${'`'})`;
  return text;
}

/**
 * The generated Markdown. `functions` is an iterable of {name, description} (the built-in registry,
 * from dist/ in the script or src/ in the test).
 */
export function renderLintDocs(functions) {
  const recommended = loadRuleset('recommended');
  const strict = loadRuleset('strict');
  const levels = severities(recommended, strict);
  let out = `${BEGIN}\n<!-- Do not edit between these markers: run \`npm run build && node scripts/gen-lint-docs.mjs\`. -->\n\n`;
  out += '### Rulesets\n\n';
  out += `- **recommended** (the default): ${cell(recommended.description)}\n`;
  out += `- **strict** (\`extends: strict\`): ${cell(strict.description)}\n`;
  const clients = CLIENT_RULESETS.map((name) => [name, loadRuleset(name)]);
  for (const [name, ruleset] of clients)
    out += `- **${name}** (\`extends: ${name}\`, see [client compatibility](#client-compatibility-rulesets)): ${cell(ruleset.description)}\n`;
  out += '\n';
  out += '### Rules\n\n';
  out += '| Rule | recommended | strict | Given | Description |\n|---|---|---|---|---|\n';
  for (const [id, rule] of Object.entries(recommended.rules)) {
    const level = levels.get(id);
    out += `| [\`${id}\`](#${id}) | ${level.recommended} | ${level.strict} | ${list(rule.given)
      .map((g) => `\`${cell(g)}\``)
      .join(', ')} | ${cell(rule.description)} |\n`;
  }
  out += '\n### Rule details\n\n';
  for (const [id, rule] of Object.entries(recommended.rules)) {
    const level = levels.get(id);
    out += ruleDetails(
      id,
      rule,
      `${level.recommended} (recommended), ${level.strict} (strict)`,
      strict.rules?.[id],
    );
  }
  out += '### Client-compatibility rulesets\n\n';
  out +=
    'Each rule of these rulesets is tied to the published function-calling schema rules of one client; its help text names the source. Each ruleset extends `recommended`: use it alone (`extends: clients/gemini`), with `strict` (`extends: [strict, clients/gemini]`) or several together.\n\n';
  for (const [name, ruleset] of clients) {
    out += `#### ${name}\n\n${cell(ruleset.description)}\n\n| Rule | Severity | Description |\n|---|---|---|\n`;
    const own = [];
    for (const [id, entry] of Object.entries(ruleset.rules ?? {})) {
      if (isDefinition(entry)) {
        own.push([id, entry]);
        out += `| [\`${id}\`](#${id}) | ${entry.severity ?? 'warning'} | ${cell(entry.description)} |\n`;
      } else {
        const severity = typeof entry === 'string' ? entry : entry.severity;
        out += `| [\`${id}\`](#${id}) | ${severity} | ${cell(recommended.rules[id]?.description)} (re-levelled) |\n`;
      }
    }
    out += '\n';
    for (const [id, rule] of own) out += ruleDetails(id, rule, `${rule.severity ?? 'warning'} (${name})`);
  }
  out += '### Built-in functions\n\n| Function | What it checks |\n|---|---|\n';
  for (const fn of functions) out += `| \`${fn.name}\` | ${cell(fn.description)} |\n`;
  out += `\n${END}`;
  return out;
}

export function spliceDocs(current, generated) {
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/lint.md has no ${BEGIN} ... ${END} block`);
  return current.slice(0, start) + generated + current.slice(end + END.length);
}

async function main() {
  const { BUILTIN_FUNCTIONS } = await import(join(ROOT, 'dist/lint/functions/index.js'));
  const path = join(ROOT, 'docs/lint.md');
  const current = readFileSync(path, 'utf8');
  const next = spliceDocs(current, renderLintDocs(BUILTIN_FUNCTIONS.values()));
  if (process.argv.includes('--check')) {
    if (next !== current) {
      process.stderr.write('docs/lint.md is stale: run npm run build && node scripts/gen-lint-docs.mjs\n');
      process.exit(1);
    }
    return;
  }
  if (next !== current) writeFileSync(path, next);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
