/**
 * The finding formats (SARIF, GitHub annotations, JUnit) of `schema-diff`: each schema change read
 * as a finding at its place in the new schema file, or in the old one when the new file has no
 * such place, through the same writers as lint's and diff's reports.
 */

import type { SourceMap } from '../parse/source-map.js';
import type { SchemaChange } from '../schema/change.js';
import { CHANGE_KINDS } from '../schema/kinds.js';
import { CHANGE_SEVERITY } from './diff-formats.js';
import type { RuleMeta, SarifFinding } from './sarif.js';
import type { FileFindings } from './stylish.js';

export const SCHEMA_DIFF_FORMATS = ['text', 'json', 'sarif', 'github', 'junit'] as const;
export type SchemaDiffFormat = (typeof SCHEMA_DIFF_FORMATS)[number];

export interface SchemaSide {
  file: string;
  sourceMap: SourceMap;
}

export function schemaChangesAsFileFindings(
  changes: readonly SchemaChange[],
  oldSide: SchemaSide,
  newSide: SchemaSide,
): FileFindings[] {
  const byFile = new Map<string, SarifFinding[]>([[newSide.file, []]]);
  for (const change of changes) {
    // pointerNew is the nearest place the new schema has; a removal sits on its parent there.
    const inNew = newSide.sourceMap.has(change.pointerNew) || !oldSide.sourceMap.has(change.pointerOld);
    const side = inNew ? newSide : oldSide;
    const pointer = inNew ? change.pointerNew : change.pointerOld;
    const position = side.sourceMap.locate(pointer);
    const finding: SarifFinding = {
      code: change.kind,
      severity: CHANGE_SEVERITY[change.level],
      message: change.message,
      location: { file: side.file, pointer, line: position.line, column: position.column },
      identity: `${change.pointerOld}\u0000${change.pointerNew}`,
      properties: { level: change.level, effect: change.effect },
    };
    let list = byFile.get(side.file);
    if (!list) byFile.set(side.file, (list = []));
    list.push(finding);
  }
  return [...byFile].map(([file, findings]) => ({ file, findings }));
}

/** SARIF rule descriptors for the schema change kinds (docs/schema-compat.md lists the same). */
export function schemaKindMetas(): RuleMeta[] {
  return Object.entries(CHANGE_KINDS).map(([id, info]) => ({
    id,
    description: info.description,
    tags: ['schema-diff', info.family],
  }));
}
