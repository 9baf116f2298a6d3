import {
  deepClone,
  isJsonObject,
  type JsonObject,
  type JsonValue,
  setOwn,
  sortedJson,
} from '../util/json.js';
import { PRIMITIVE_COLLECTIONS, rootVersions, SCOPED_COLLECTIONS } from './scopes.js';

/**
 * Canonical form for semantic equivalence (spec §4.13, §15.5): property order, `protocolVersions`
 * order, security requirement order, the order of scoped collections, redundant scopes and the
 * split of one declaration into identical scoped variants do not matter. What stays significant:
 * `security` omitted / `[]` / `[{}]`, and every array whose order the spec defines (root `tags`,
 * example contents and messages, interaction steps, stdio args...).
 */
export function canonicalForm(doc: JsonValue): JsonValue {
  return deepClone(canonicalView(doc));
}

/**
 * The canonical form, sharing every unchanged part with `doc`: for callers that only read it
 * (comparison, hashing). Nothing in `doc` is modified: normalising replaces objects, never edits them.
 */
export function canonicalView(doc: JsonValue): JsonValue {
  if (!isJsonObject(doc)) return doc;
  const root = rootVersions(doc);
  const out: JsonObject = { ...doc };
  if (Array.isArray(out.protocolVersions)) out.protocolVersions = sortStrings(out.protocolVersions);
  normalizeSecurity(out);
  // Before collapsing: variants that differ only by `arguments: {}` vs omission are one declaration.
  normalizePromptExampleMaps(out);
  for (const collection of SCOPED_COLLECTIONS) {
    const items = out[collection];
    if (!Array.isArray(items)) continue;
    out[collection] = collapseVariants(items, root, collection);
  }
  return out;
}

/**
 * False when canonicalView would give back one declaration of `collection` unchanged: no scope, no
 * security, no nested elicitations and (prompts) no example map. Kept beside the normalisations it
 * mirrors.
 */
export function declarationNeedsNormalising(collection: string, declaration: JsonObject): boolean {
  return (
    Object.hasOwn(declaration, 'protocolVersions') ||
    Object.hasOwn(declaration, 'security') ||
    Object.hasOwn(declaration, 'elicitations') ||
    (collection === 'prompts' && Object.hasOwn(declaration, 'examples'))
  );
}

export function canonicalString(doc: JsonValue): string {
  return sortedJson(canonicalView(doc));
}

/** Semantic equivalence of two documents or views (spec §4.13). */
export function semanticallyEquivalent(a: JsonValue, b: JsonValue): boolean {
  return canonicalString(a) === canonicalString(b);
}

/**
 * Declarations with equal content apart from scope are one declaration over the union of their
 * scopes; a scope equal to the whole parent scope is the same as no scope. Each declaration is
 * expanded revision by revision first (nested elicitations filtered by their own scope, as the
 * Effective Protocol View does), so a declaration whose nested scopes make it look different in two
 * revisions equals the same declaration split into two variants: only the views carry meaning.
 */
function collapseVariants(items: JsonValue[], root: readonly string[], collection: string): JsonValue[] {
  const primitive = (PRIMITIVE_COLLECTIONS as readonly string[]).includes(collection);
  // Canonical texts group and order the declarations. One declaration that is the same in every
  // revision of its scope has nothing to group or order, and gets none (the merge canonicalises
  // thousands of declarations one by one).
  const needsText =
    items.length > 1 ||
    (primitive && items.some((item) => isJsonObject(item) && Array.isArray(item.elicitations)));
  const textOf = (value: JsonValue): string => (needsText ? sortedJson(value) : '');
  const byContent = new Map<string, { value: JsonObject; key: string; scope: Set<string> }>();
  const others: JsonValue[] = [];
  for (const item of items) {
    if (!isJsonObject(item)) {
      others.push(item);
      continue;
    }
    const scope = Array.isArray(item.protocolVersions)
      ? item.protocolVersions.filter((v): v is string => typeof v === 'string')
      : [...root];
    if (scope.length === 0) {
      // An explicit empty scope is invalid; keep it visible rather than letting it vanish.
      others.push(item);
      continue;
    }
    // Only nested elicitations can make one declaration differ between the revisions of its scope.
    const perVersion = primitive && Array.isArray(item.elicitations);
    let shared: { content: JsonObject; key: string } | undefined;
    for (const version of new Set(scope)) {
      let content: JsonObject;
      let key: string;
      if (shared) ({ content, key } = shared);
      else {
        content = { ...item };
        delete content.protocolVersions;
        normalizeSecurity(content);
        if (perVersion) normalizeElicitations(content, scope, version);
        key = textOf(content);
        if (!perVersion) shared = { content, key };
      }
      const entry = byContent.get(key);
      if (entry) entry.scope.add(version);
      else byContent.set(key, { value: content, key, scope: new Set([version]) });
    }
  }
  const rootKey = sortStrings(root).join(',');
  const result: { value: JsonValue; key: string }[] = [];
  for (const { value, key, scope } of byContent.values()) {
    const versions = sortStrings([...scope]);
    if (versions.join(',') === rootKey) result.push({ value, key });
    else {
      value.protocolVersions = versions;
      result.push({ value, key: textOf(value) });
    }
  }
  for (const value of others) result.push({ value, key: textOf(value) });
  return sortKeyed(result);
}

/** The elicitations of one revision's view: filtered by their own scope, unscoped, unordered. */
function normalizeElicitations(primitive: JsonObject, scope: readonly string[], version: string): void {
  const list = primitive.elicitations;
  if (!Array.isArray(list)) return;
  const kept = sortByCanonicalText(
    list
      .filter((entry) => {
        if (!isJsonObject(entry) || !Array.isArray(entry.protocolVersions)) return scope.includes(version);
        return entry.protocolVersions.includes(version);
      })
      .map((entry) => {
        if (!isJsonObject(entry)) return entry;
        const copy: JsonObject = { ...entry };
        delete copy.protocolVersions;
        return copy;
      }),
  );
  if (kept.length > 0) primitive.elicitations = kept;
  else delete primitive.elicitations;
}

/** Security Requirement arrays are unordered at every level (spec §7.3); their emptiness forms are not. */
function normalizeSecurity(holder: JsonObject): void {
  const security = holder.security;
  if (!Array.isArray(security)) return;
  holder.security = sortByCanonicalText(
    security.map((requirement) => {
      if (!isJsonObject(requirement)) return requirement;
      const out: JsonObject = {};
      for (const [scheme, scopes] of Object.entries(requirement))
        out[scheme] = Array.isArray(scopes) ? sortStrings(scopes) : scopes;
      return out;
    }),
  );
}

/** Prompt Example `arguments` omitted and `{}` mean the same (spec §11.3). Copies what it changes. */
function normalizePromptExampleMaps(doc: JsonObject): void {
  if (Array.isArray(doc.prompts)) {
    doc.prompts = doc.prompts.map((prompt) => {
      if (!isJsonObject(prompt) || !isJsonObject(prompt.examples)) return prompt;
      const examples = withoutEmptyArguments(prompt.examples);
      return examples ? { ...prompt, examples } : prompt;
    });
  }
  const components = doc.components;
  if (isJsonObject(components) && isJsonObject(components.promptExamples)) {
    const promptExamples = withoutEmptyArguments(components.promptExamples);
    if (promptExamples) doc.components = { ...components, promptExamples };
  }
}

/** A copy of an example map with `arguments: {}` dropped, or undefined when no example has one. */
function withoutEmptyArguments(examples: JsonObject): JsonObject | undefined {
  let changed: JsonObject | undefined;
  for (const name of Object.keys(examples)) {
    const example = examples[name] as JsonValue;
    if (!isJsonObject(example) || !isJsonObject(example.arguments)) continue;
    if (Object.keys(example.arguments).length > 0) continue;
    changed ??= { ...examples };
    const copy: JsonObject = { ...example };
    delete copy.arguments;
    setOwn(changed, name, copy);
  }
  return changed;
}

function sortStrings(values: readonly JsonValue[]): JsonValue[] {
  return sortByCanonicalText([...values]);
}

/**
 * Sorts by each value's canonical text, computed once per value: a comparator that serialised both
 * sides on every comparison made the merge round-trip check quadratic-ish on thousands of tools.
 */
function sortByCanonicalText(values: JsonValue[]): JsonValue[] {
  if (values.length < 2) return values;
  return sortKeyed(values.map((value) => ({ value, key: sortedJson(value) })));
}

function sortKeyed(entries: { value: JsonValue; key: string }[]): JsonValue[] {
  if (entries.length > 1) entries.sort((a, b) => compareStrings(a.key, b.key));
  return entries.map((entry) => entry.value);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
