/** Shared helpers for the semantic rule modules (src/validate/semantic/*.ts). */
import { IDENTITY_FIELD, PRIMITIVE_KIND, titleKindLabel } from '../model/identity.js';
import { PRIMITIVE_COLLECTIONS, type PrimitiveCollection } from '../model/scopes.js';
import { isProtocolVersion, PROTOCOL_VERSIONS, type ProtocolVersion } from '../model/versions.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { toPointer } from '../util/pointer.js';
import type { ValidateCode } from './codes.js';

export type Segment = string | number;
export type Path = readonly Segment[];

export interface ReportOptions {
  /** Locate the property key instead of the value (default: true for object members). */
  atKey?: boolean;
  /** Extra places (pointers into the resolved document) worth showing. */
  related?: string[];
}

export interface RawFinding {
  code: ValidateCode;
  /** Pointer into the resolved document. */
  pointer: string;
  message: string;
  atKey: boolean;
  related: string[];
}

/** `Tool`, `Resource Template`: how a finding's message names a primitive of each collection. */
const KIND_LABEL: Record<PrimitiveCollection, string> = {
  tools: titleKindLabel(PRIMITIVE_KIND.tools),
  resources: titleKindLabel(PRIMITIVE_KIND.resources),
  resourceTemplates: titleKindLabel(PRIMITIVE_KIND.resourceTemplates),
  prompts: titleKindLabel(PRIMITIVE_KIND.prompts),
};

export interface Primitive {
  /** Validation names a primitive by its collection (`tools`, ...): its path in the document. */
  kind: PrimitiveCollection;
  index: number;
  value: JsonObject;
  path: Segment[];
  /** Effective scope (explicit scope restricted to supported revisions, else the root scope), oldest first. */
  scope: ProtocolVersion[];
  readonly label: string;
}

/** A primitive of the document; its label is only built for the few that are reported. */
class PrimitiveEntry implements Primitive {
  readonly path: Segment[];
  private text: string | undefined;
  constructor(
    readonly kind: PrimitiveCollection,
    readonly index: number,
    readonly value: JsonObject,
    readonly scope: ProtocolVersion[],
    private readonly key: JsonValue | undefined,
  ) {
    this.path = [kind, index];
  }

  get label(): string {
    this.text ??= `${KIND_LABEL[this.kind]} ${JSON.stringify(typeof this.key === 'string' ? this.key : `#${this.index}`)}`;
    return this.text;
  }
}

export class Ctx {
  readonly findings: RawFinding[] = [];
  readonly rootScope: ProtocolVersion[];
  readonly primitives: Primitive[] = [];

  /**
   * False when the input says no number is beyond ±2^53 (ValidateInput.mayHoldUnsafeIntegers):
   * checkIntegerPrecision then skips its walk over every value.
   */
  mayHoldUnsafeIntegers = true;

  constructor(readonly doc: JsonObject) {
    this.rootScope = scopeFrom(doc.protocolVersions) ?? [];
    for (const kind of PRIMITIVE_COLLECTIONS) {
      const items = doc[kind];
      if (!Array.isArray(items)) continue;
      items.forEach((value, index) => {
        if (!isJsonObject(value)) return;
        const key = value[IDENTITY_FIELD[kind]];
        this.primitives.push(
          new PrimitiveEntry(kind, index, value, this.scopeOf(value, this.rootScope), key),
        );
      });
    }
  }

  /** Effective scope of a declaration: its own `protocolVersions`, else the parent's. */
  scopeOf(item: JsonObject, parent: ProtocolVersion[]): ProtocolVersion[] {
    return scopeFrom(item.protocolVersions) ?? parent;
  }

  report(code: ValidateCode, path: Path | string, message: string, options: ReportOptions = {}): void {
    const pointer = typeof path === 'string' ? path : toPointer(path);
    this.findings.push({
      code,
      pointer,
      message,
      atKey: options.atKey ?? true,
      related: options.related ?? [],
    });
  }
}

export function scopeFrom(value: JsonValue | undefined): ProtocolVersion[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const set = new Set(value.filter(isProtocolVersion));
  return PROTOCOL_VERSIONS.filter((v) => set.has(v));
}

export function before(version: ProtocolVersion, since: ProtocolVersion): boolean {
  return PROTOCOL_VERSIONS.indexOf(version) < PROTOCOL_VERSIONS.indexOf(since);
}

/** Revisions of `scope` earlier than `since`. */
export function earlierThan(
  scope: readonly ProtocolVersion[],
  since: ProtocolVersion,
): readonly ProtocolVersion[] {
  // Asked for every revision-gated field of every declaration; almost always none is earlier.
  const limit = PROTOCOL_VERSIONS.indexOf(since);
  let i = 0;
  while (i < scope.length && PROTOCOL_VERSIONS.indexOf(scope[i] as ProtocolVersion) >= limit) i++;
  return i === scope.length ? NONE_EARLIER : scope.filter((v) => before(v, since));
}
const NONE_EARLIER: readonly ProtocolVersion[] = Object.freeze([]);

/**
 * What a message calls a thing: its text, or a function giving it. A declaration's label is passed
 * as `() => p.label`, so it is built only when a finding names it.
 */
export type Label = string | (() => string);

export function labelText(label: Label): string {
  return typeof label === 'string' ? label : label();
}

export function list(versions: readonly string[]): string {
  return versions.join(', ');
}

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return isJsonObject(value);
}

export function obj(value: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}

export function arr(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

export function has(value: JsonValue | undefined, key: string): boolean {
  return isJsonObject(value) && Object.hasOwn(value, key);
}

export function entries(value: JsonValue | undefined): [string, JsonValue][] {
  if (!isJsonObject(value)) return [];
  return Object.keys(value).map((k) => [k, value[k] as JsonValue]);
}

export const ENVELOPE_FIELDS = ['jsonrpc', 'id', 'error'] as const;
export const INCOMPLETE_FIELDS = ['task', 'inputRequests', 'requestState'] as const;

/** True when a reserved-prefix identifier (`a.modelcontextprotocol/x`, `a.mcp/x`): second label is reserved. */
export function usesReservedPrefix(identifier: string): boolean {
  const slash = identifier.indexOf('/');
  if (slash < 0) return false;
  const labels = identifier.slice(0, slash).split('.');
  const second = labels[1]?.toLowerCase();
  return second === 'modelcontextprotocol' || second === 'mcp';
}

/**
 * The toolkit's extension catalogue (spec §8.4 asks a validator to disclose it): official MCP
 * extensions recognized as authoritative. Source: the MCP extensions registry
 * (modelcontextprotocol/ext-*), effective 2026-09-09; both entries are assigned maturity "official".
 */
export const EXTENSION_CATALOGUE: ReadonlyMap<string, 'official' | 'experimental'> = new Map([
  ['io.modelcontextprotocol/tasks', 'official'],
  ['io.modelcontextprotocol/ui', 'official'],
]);
