import type { JsonValue } from '../util/json.js';
import { type Ctx, emit, type Polarity, type RawChange, showKeyword } from './context.js';
import { sameJson } from './fingerprint.js';
import {
  ARRAY_KEYWORDS,
  COMPOSITION_KEYWORDS,
  IDENTIFIER_KEYWORDS,
  isKnownIn,
  NUMBER_KEYWORDS,
  OBJECT_KEYWORDS,
  STORAGE_KEYWORDS,
  STRING_KEYWORDS,
  TYPE_FAMILY,
} from './keywords.js';
import type { ChangeKind } from './kinds.js';
import { detectDialect } from './refs.js';
import { at, type View } from './view.js';

const ANNOTATION_KIND: Record<string, string> = {
  title: 'title',
  description: 'description',
  examples: 'examples',
  $comment: 'comment',
  deprecated: 'deprecated',
  readOnly: 'read-only',
  writeOnly: 'write-only',
  contentMediaType: 'content-media-type',
  contentEncoding: 'content-encoding',
  contentSchema: 'content-schema',
  default: 'default',
};

/** Spec §9.2: maps an input property to an HTTP header clients send; wire contract, not prose. */
const MCP_HEADER = 'x-mcp-header';

/** Keywords the families compare; whatever else differs is reported here. */
const MODELLED = new Set([
  ...TYPE_FAMILY,
  ...NUMBER_KEYWORDS,
  ...STRING_KEYWORDS,
  ...ARRAY_KEYWORDS,
  ...OBJECT_KEYWORDS,
  ...COMPOSITION_KEYWORDS,
  'format',
]);

/**
 * Annotations, `default`, `$schema`, identifiers, `x-` extensions and every keyword the engine does
 * not model. The last kind is reported `unknown`: silence would claim compatibility unproven.
 */
export function compareOther(_ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const keys = new Set([...vo.entries.keys(), ...vn.entries.keys()]);
  for (const key of keys) {
    if (STORAGE_KEYWORDS.has(key)) continue;
    const before = vo.entries.get(key)?.value;
    const after = vn.entries.get(key)?.value;
    // each side's keyword is read by its own dialect; a keyword absent on one side needs no meaning there
    const readOld = before === undefined || isKnownIn(vo.dialect, key);
    const readNew = after === undefined || isKnownIn(vn.dialect, key);
    if (MODELLED.has(key) && readOld && readNew) continue;
    if (sameJson(before, after)) continue;
    const action = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    const po = before === undefined ? vo.pointer : at(vo, key);
    const pn = after === undefined ? vn.pointer : at(vn, key);
    const message = `${key} ${showKeyword(before)} → ${showKeyword(after)}`;
    const annotation = ANNOTATION_KIND[key];
    if (annotation) emit(out, pol, `${annotation}-${action}` as ChangeKind, po, pn, 'none', message);
    else if (key === MCP_HEADER) {
      // HTTP field names are case-insensitive (RFC 9110 §5.1): `X-Region` → `x-region` is no change.
      if (
        typeof before === 'string' &&
        typeof after === 'string' &&
        before.toLowerCase() === after.toLowerCase()
      )
        continue;
      emit(out, pol, `mcp-header-${action}` as ChangeKind, po, pn, 'none', message);
    } else if (key.startsWith('x-'))
      emit(out, pol, `extension-keyword-${action}` as ChangeKind, po, pn, 'none', message);
    else if (key === '$schema') {
      const same =
        detectDialect({ $schema: before ?? null } as JsonValue) ===
        detectDialect({ $schema: after ?? null } as JsonValue);
      // Each side is read by its own dialect and every keyword family compares meanings, so a draft
      // change alters nothing by itself; compareSchemas drops it when nothing else changed.
      emit(out, pol, same ? 'identifier-changed' : 'dialect-changed', po, pn, 'none', message);
    } else if (IDENTIFIER_KEYWORDS.has(key)) {
      // A root `$id` is a name; a nested one re-bases the references under it, which is not modelled.
      emit(
        out,
        pol,
        'identifier-changed',
        po,
        pn,
        vo.pointer === '' && key === '$id' ? 'none' : 'unknown',
        message,
      );
    } else emit(out, pol, `unknown-keyword-${action}` as ChangeKind, po, pn, 'unknown', message);
  }
}
