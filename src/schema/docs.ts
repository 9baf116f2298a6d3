import { CHANGE_KINDS, type KindFamily } from './kinds.js';

const FAMILY_TITLES: Record<KindFamily, string> = {
  schema: 'Whole schema',
  reference: 'References',
  type: 'Type and nullability',
  enum: 'enum and const',
  number: 'Numbers',
  string: 'Strings',
  array: 'Arrays',
  object: 'Objects',
  composition: 'Composition',
  annotation: 'Annotations and default',
  keyword: 'Keywords outside the model',
};

/** The generated part of docs/schema-compat.md: one table per family, straight from the registry. */
export function renderKindTables(): string {
  const lines: string[] = [];
  for (const family of Object.keys(FAMILY_TITLES) as KindFamily[]) {
    const kinds = Object.entries(CHANGE_KINDS).filter(([, info]) => info.family === family);
    if (kinds.length === 0) continue;
    lines.push(`### ${FAMILY_TITLES[family]}`, '', '| kind | level | meaning |', '|---|---|---|');
    for (const [kind, info] of kinds) {
      const level = 'level' in info ? `always ${info.level}` : 'by effect';
      lines.push(`| \`${kind}\` | ${level} | ${info.description.replace(/\|/g, '\\|')} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export const DOCS_BEGIN = '<!-- BEGIN GENERATED KINDS (scripts/gen-schema-docs.mjs) -->';
export const DOCS_END = '<!-- END GENERATED KINDS -->';

/** Replaces the generated block of the docs page; the prose around it is kept. */
export function spliceKindTables(page: string): string {
  const start = page.indexOf(DOCS_BEGIN);
  const end = page.indexOf(DOCS_END);
  if (start < 0 || end < start) throw new Error('docs page lacks the generated-kinds markers');
  return `${page.slice(0, start + DOCS_BEGIN.length)}\n\n${renderKindTables()}\n${page.slice(end)}`;
}
