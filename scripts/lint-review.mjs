#!/usr/bin/env node
/**
 * Draws the random sample of default lint findings that docs/lint-review.md judges, so the review
 * can be redone after every rule change. Usage:
 *
 *   npm run build && node scripts/lint-review.mjs [--corpora DIR] [--seed N] [--catalog N] [--github N]
 *   npm run build && node scripts/lint-review.mjs --write    # rewrite the table of docs/lint-review.md
 *   npm run build && node scripts/lint-review.mjs --check    # exit 1: a finding without a verdict, or < 80 % "acts on it"
 *
 * The corpora (the Docker catalogue and github-mcp-server v1.10.1) are not part of the package:
 * DIR defaults to ../shared/corpora or $MCPDESC_CORPORA. The draw is deterministic: findings are
 * sorted, then picked by a seeded generator (mulberry32), so the same rules and seed give the same
 * sample. Verdicts already in docs/lint-review.md are kept for findings drawn again (same source,
 * rule and pointer); new ones are marked `?` and must be judged by a person, one by one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REVIEW = join(ROOT, 'docs/lint-review.md');
const BEGIN = '<!-- BEGIN SAMPLE: scripts/lint-review.mjs -->';
const END = '<!-- END SAMPLE -->';
const VERDICTS = ['acts on it', 'taste', 'wrong'];
const TARGET = 0.8;

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const corpora = resolve(option('corpora', process.env.MCPDESC_CORPORA ?? join(ROOT, '../shared/corpora')));
const seed = Number(option('seed', '29'));
const SOURCES = [
  { id: 'catalog', file: 'catalog/docker-catalog.mcpdesc.json', count: Number(option('catalog', '50')) },
  { id: 'github', file: 'github-mcp-server/v1.10.1.mcpdesc.json', count: Number(option('github', '25')) },
];

/** mulberry32: a small seeded generator, the same numbers on every platform. */
function generator(state) {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct items of `list`, in the order drawn (a partial Fisher-Yates shuffle). */
function draw(list, count, random) {
  const pool = list.slice();
  const out = [];
  for (let i = 0; i < Math.min(count, pool.length); i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
    out.push(pool[i]);
  }
  return out;
}

const cell = (text) =>
  String(text)
    .replace(/\s+/g, ' ')
    .replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`)
    .trim();

/** Verdicts and notes already written, by `source rule pointer`. */
function knownVerdicts() {
  const known = new Map();
  if (!existsSync(REVIEW)) return known;
  for (const line of readFileSync(REVIEW, 'utf8').split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
    // | # | source | rule | pointer | message | verdict | note |
    if (cells.length < 9 || !/^\d+$/.test(cells[1])) continue;
    const key = `${cells[2]} ${cells[3].replace(/`/g, '')} ${cells[4].replace(/`/g, '')}`;
    known.set(key, { verdict: cells[6], note: cells[7] });
  }
  return known;
}

async function main() {
  const missing = SOURCES.filter((s) => !existsSync(join(corpora, s.file)));
  if (missing.length > 0) {
    process.stderr.write(
      `corpora not found under ${corpora} (${missing.map((s) => s.file).join(', ')}): nothing drawn\n`,
    );
    process.exit(process.argv.includes('--check') ? 0 : 2);
  }
  const { resolveConfig, lintDocument } = await import(join(ROOT, 'dist/lint/index.js'));
  const { loadDocument } = await import(join(ROOT, 'dist/parse/index.js'));
  const config = await resolveConfig(undefined);
  const random = generator(seed);
  const known = knownVerdicts();
  const rows = [];
  const totals = [];
  for (const source of SOURCES) {
    const text = readFileSync(join(corpora, source.file), 'utf8');
    const loaded = loadDocument(text, { file: source.file });
    const findings = lintDocument(loaded, config).findings.slice();
    const byRule = new Map();
    for (const f of findings) byRule.set(f.code, (byRule.get(f.code) ?? 0) + 1);
    totals.push({ source: source.id, count: findings.length, byRule });
    findings.sort((a, b) =>
      a.location.pointer < b.location.pointer
        ? -1
        : a.location.pointer > b.location.pointer
          ? 1
          : a.code < b.code
            ? -1
            : a.code > b.code
              ? 1
              : a.message < b.message
                ? -1
                : 1,
    );
    for (const f of draw(findings, source.count, random)) {
      const key = `${source.id} ${f.code} ${f.location.pointer}`;
      const old = known.get(key);
      rows.push({ source: source.id, finding: f, verdict: old?.verdict ?? '?', note: old?.note ?? '' });
    }
  }

  const judged = rows.filter((r) => VERDICTS.includes(r.verdict));
  const acts = rows.filter((r) => r.verdict === 'acts on it').length;
  const share = rows.length === 0 ? 0 : acts / rows.length;
  let table = `${BEGIN}\n<!-- Drawn by \`node scripts/lint-review.mjs --write\` (seed ${seed}); verdicts and notes are written by hand. -->\n\n`;
  table += '| Source | Findings (default rules) | By rule |\n|---|---:|---|\n';
  for (const t of totals)
    table += `| ${t.source} | ${t.count} | ${[...t.byRule]
      .sort((a, b) => b[1] - a[1])
      .map(([rule, n]) => `${rule} ${n}`)
      .join(', ')} |\n`;
  table += `\n**${acts} of ${rows.length} findings (${(share * 100).toFixed(0)} %) are something a maintainer would act on**`;
  const taste = rows.filter((r) => r.verdict === 'taste').length;
  const wrong = rows.filter((r) => r.verdict === 'wrong').length;
  table += `; ${taste} taste, ${wrong} wrong${rows.length > judged.length ? `, ${rows.length - judged.length} not judged yet` : ''}.\n\n`;
  table += '| # | Source | Rule | Pointer | Message | Verdict | Why |\n|---|---|---|---|---|---|---|\n';
  rows.forEach((r, i) => {
    table += `| ${i + 1} | ${r.source} | ${r.finding.code} | \`${r.finding.location.pointer}\` | ${cell(r.finding.message)} | ${r.verdict} | ${r.note} |\n`;
  });
  table += `\n${END}`;

  if (process.argv.includes('--write')) {
    const current = existsSync(REVIEW) ? readFileSync(REVIEW, 'utf8') : `# Lint review\n\n${BEGIN}\n${END}\n`;
    const start = current.indexOf(BEGIN);
    const end = current.indexOf(END);
    if (start < 0 || end < start) throw new Error(`docs/lint-review.md has no ${BEGIN} ... ${END} block`);
    writeFileSync(REVIEW, current.slice(0, start) + table + current.slice(end + END.length));
  } else if (!process.argv.includes('--check')) process.stdout.write(`${table}\n`);

  process.stderr.write(
    `${rows.length} findings drawn (seed ${seed}); ${acts} "acts on it" = ${(share * 100).toFixed(1)} %; ${rows.length - judged.length} without a verdict\n`,
  );
  if (process.argv.includes('--check') && (judged.length < rows.length || share < TARGET)) process.exit(1);
}

await main();
