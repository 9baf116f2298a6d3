/**
 * Lint baselines: which findings of a new version of a document were already there in an older one.
 *
 * A finding is identified by its rule, the primitive it is about and its JSON pointer — with array
 * indices replaced by the element's identity (`name`, `uri`, ...), so inserting a tool above another
 * does not make the other's findings "new". Lines, columns, file names and messages are not part of
 * the identity: moving text, renaming the file or rewording a message keeps a finding old. Keys are
 * compared as a multiset: two identical findings in base cover at most two in head.
 */
import type { Finding } from '../model/finding.js';
import { isJsonObject, type JsonValue } from '../util/json.js';
import { escapeSegment, parsePointer } from '../util/pointer.js';

/** Fields that identify an array element across versions, most specific first. */
const IDENTITY_FIELDS = ['name', 'uri', 'uriTemplate', 'id', 'type'] as const;

/** Top-level collections whose elements are the primitives a finding is "about". */
const PRIMITIVE_KIND: Record<string, string> = {
  tools: 'tool',
  prompts: 'prompt',
  resources: 'resource',
  resourceTemplates: 'resourceTemplate',
};

/** One side of a comparison: the findings and the document they were found in. */
export interface BaselineSide<T extends Finding = Finding> {
  findings: readonly T[];
  /** The parsed document; undefined when it could not be read (pointers then keep their indices). */
  document: JsonValue | undefined;
}

export interface BaselineSplit<T extends Finding = Finding> {
  /** Findings the new version introduces, in their original order. */
  fresh: T[];
  /** Findings already present in the baseline. */
  known: T[];
}

/**
 * The identity of `finding` in `document`: `rule \0 subject \0 pointer`, where the subject is the
 * primitive (`tool:search`) or '' and the pointer has identities instead of array indices.
 */
export function baselineKey(finding: Finding, document: JsonValue | undefined): string {
  const { subject, pointer } = stablePointer(document, finding.location.pointer);
  return `${finding.code}\0${subject}\0${pointer}`;
}

/** Splits `head.findings` into those `base` does not have (fresh) and those it has (known). */
export function splitByBaseline<T extends Finding>(
  head: BaselineSide<T>,
  base: BaselineSide,
): BaselineSplit<T> {
  const remaining = new Map<string, number>();
  for (const finding of base.findings) {
    const key = baselineKey(finding, base.document);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const split: BaselineSplit<T> = { fresh: [], known: [] };
  for (const finding of head.findings) {
    const key = baselineKey(finding, head.document);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      remaining.set(key, left - 1);
      split.known.push(finding);
    } else split.fresh.push(finding);
  }
  return split;
}

/**
 * `pointer` with every array index whose element has an identity field written as `[field=value]`,
 * and the primitive it lies in. A pointer that does not parse, or leaves the document, keeps the
 * remaining segments as they are.
 */
export function stablePointer(
  document: JsonValue | undefined,
  pointer: string,
): { subject: string; pointer: string } {
  let segments: string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    return { subject: '', pointer };
  }
  let subject = '';
  let node: JsonValue | undefined = document;
  let out = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(segment)) {
      const element: JsonValue | undefined = node[Number(segment)];
      const identity = identityOf(element);
      out += `/${identity === undefined ? segment : `[${escapeSegment(identity)}]`}`;
      if (i === 1 && identity !== undefined && PRIMITIVE_KIND[segments[0] as string] !== undefined)
        subject = `${PRIMITIVE_KIND[segments[0] as string]}:${identity.slice(identity.indexOf('=') + 1)}`;
      node = element;
    } else {
      out += `/${escapeSegment(segment)}`;
      node = isJsonObject(node) ? node[segment] : undefined;
    }
  }
  return { subject, pointer: out };
}

function identityOf(element: JsonValue | undefined): string | undefined {
  if (!isJsonObject(element)) return undefined;
  for (const field of IDENTITY_FIELDS) {
    const value = element[field];
    if (typeof value === 'string' && value !== '') return `${field}=${value}`;
  }
  return undefined;
}
