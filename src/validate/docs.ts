/** Renders the code table of docs/validate.md from the registry (a test keeps them equal). */
import { CODES } from './codes.js';

export function renderCodeTable(): string {
  const rows = Object.entries(CODES).map(
    ([code, info]) =>
      `| \`${code}\` | ${info.severity} | ${info.area} | ${info.source === 'reference' ? 'reference' : 'toolkit'} | ${info.description.replace(/\|/g, '\\|')} |`,
  );
  return ['| code | severity | area | origin | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}
