import { deepClone, isJsonObject, type JsonObject, type JsonValue, setOwn } from '../util/json.js';
import { effectiveScope, rootVersions, SCOPED_COLLECTIONS } from './scopes.js';
import { PROTOCOL_VERSIONS } from './versions.js';

export class ProjectionError extends Error {
  override readonly name = 'ProjectionError';
}

/** Primitive fields holding nested scoped declarations, filtered by their own scope (spec §4.12 step 4). */
const NESTED_SCOPED_FIELDS = ['elicitations'] as const;

/**
 * The Effective Protocol View P_V(D) of spec §4.12: keeps every scoped declaration whose effective
 * scope includes V, drops their `protocolVersions`, filters nested elicitations by their own scope,
 * omits emptied collections, and keeps everything unscoped (info, instructions, security, tags,
 * components, `x-*`, `_meta`) as it is. Security inheritance is never materialised.
 */
export interface ProjectOptions {
  /**
   * Share values with `doc` instead of copying them. The view is then read-only: merge builds and
   * compares views of whole catalogs and never edits one, and copying them cost it a tenth of its
   * time.
   */
  share?: boolean;
}

export function projectView(doc: JsonValue, version: string, options: ProjectOptions = {}): JsonObject {
  if (!isJsonObject(doc)) throw new ProjectionError('A description must be a JSON object');
  const root = rootVersions(doc);
  if (!root.includes(version)) {
    const known = (PROTOCOL_VERSIONS as readonly string[]).includes(version);
    throw new ProjectionError(
      known
        ? `MCP revision ${version} is not in the document's protocolVersions (${root.join(', ')})`
        : `${version} is not an MCP revision mcpdesc 0.8.0 knows (${PROTOCOL_VERSIONS.join(', ')})`,
    );
  }
  const copy = options.share ? shared : deepClone;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'protocolVersions') {
      out[key] = [version];
    } else if ((SCOPED_COLLECTIONS as readonly string[]).includes(key) && Array.isArray(value)) {
      const kept = value
        .filter((item) => effectiveScope(item, root).includes(version))
        .map((item) => projectDeclaration(item, root, version, copy));
      if (kept.length > 0) out[key] = kept;
    } else {
      setOwn(out, key, copy(value));
    }
  }
  return out;
}

const shared = <T>(value: T): T => value;

function projectDeclaration(
  item: JsonValue,
  root: readonly string[],
  version: string,
  copy: <T>(value: T) => T,
): JsonValue {
  if (!isJsonObject(item)) return copy(item);
  // A shared view keeps a declaration with nothing to drop or filter as it is.
  if (copy === shared && !Object.hasOwn(item, 'protocolVersions') && !hasNestedScoped(item)) return item;
  const scope = effectiveScope(item, root);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === 'protocolVersions') continue;
    if ((NESTED_SCOPED_FIELDS as readonly string[]).includes(key) && Array.isArray(value)) {
      const kept = value
        .filter((nested) => effectiveScope(nested, scope).includes(version))
        .map((nested) => (isJsonObject(nested) ? projectNested(nested, copy) : copy(nested)));
      if (kept.length > 0) out[key] = kept;
      continue;
    }
    setOwn(out, key, copy(value));
  }
  return out;
}

function hasNestedScoped(item: JsonObject): boolean {
  for (let i = 0; i < NESTED_SCOPED_FIELDS.length; i++)
    if (Array.isArray(item[NESTED_SCOPED_FIELDS[i] as string])) return true;
  return false;
}

/** A nested scoped declaration in a view: without its own `protocolVersions`. */
function projectNested(nested: JsonObject, copy: <T>(value: T) => T): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(nested))
    if (key !== 'protocolVersions') setOwn(out, key, copy(value));
  return out;
}
