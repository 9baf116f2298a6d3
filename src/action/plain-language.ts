/**
 * What a change means for the people who use the server, in words: for a caller (input), a consumer
 * (output) or the model (prose it reads), and the fix where there is one. Keyed by diff rule id;
 * a rule without an entry falls back to its own message, so a new rule is never silent.
 *
 * The result never names the subject (the tool): identical changes on several tools read the same
 * and are grouped into one row (change-groups.ts). `backquoted` spans hold document text (parameter
 * names, values); renderers show them as code and escape them like any document text.
 */
import type { Change, ChangeLevel } from '../diff/types.js';
import { code, decodeQuoted } from '../report/quoted.js';
import { escapeMessage, escapeWordDiff } from './escape.js';
import { type WordDiffPart, wordDiff } from './word-diff.js';

export interface PlainChange {
  /** One sentence; `backquoted` spans are document text. */
  what: string;
  /** How to avoid the break, for changes that have a fix. */
  fix?: string;
  /** For edited prose: the edit as a short word diff. */
  diff?: WordDiffPart[];
}

type Describe = (place: string, change: Change) => string;

interface Entry {
  what: Describe;
  fix?: string;
}

const MAJOR = 'or release it as a new major version';

const at = (place: string) => (place ? ` (${place})` : '');

const RULES: Record<string, Entry> = {
  // the Action's own file-level changes
  'description-removed': {
    what: () => 'Description file removed: its clients lose everything it described.',
    fix: `keep the file, ${MAJOR}`,
  },
  'description-added': { what: () => 'New description file.' },
  'tool-added': { what: () => 'New tool: callers can use it.' },
  'tool-removed': {
    what: () => 'Tool removed: every call to it fails.',
    fix: `keep the tool (deprecate it first), ${MAJOR}`,
  },
  'prompt-added': { what: () => 'New prompt.' },
  'prompt-removed': {
    what: () => 'Prompt removed: clients using it fail.',
    fix: `keep the prompt, ${MAJOR}`,
  },
  'resource-added': { what: () => 'New resource.' },
  'resource-removed': {
    what: () => 'Resource removed: clients reading it fail.',
    fix: `keep the resource, ${MAJOR}`,
  },
  'resource-template-added': { what: () => 'New resource template.' },
  'resource-template-removed': {
    what: () => 'Resource template removed: clients using it fail.',
    fix: `keep the template, ${MAJOR}`,
  },
  'input-schema-narrowed': {
    what: (place) => `Accepts less input: calls that worked can now be rejected${at(place)}.`,
    fix: `relax the constraint again, ${MAJOR}`,
  },
  'input-schema-changed': {
    what: (place) => `Input changed: some calls that worked can now be rejected${at(place)}.`,
    fix: `accept the old input as well, ${MAJOR}`,
  },
  'input-schema-widened': {
    what: (place) => `Accepts more input; existing calls keep working${at(place)}.`,
  },
  'input-schema-unknown': {
    what: (place) => `Input schema change that cannot be checked automatically: review it${at(place)}.`,
  },
  'input-schema-default-changed': {
    what: (place) => `Default value changed: callers that omit it get other behaviour${at(place)}.`,
  },
  'input-schema-annotation-changed': {
    what: (place) => `Parameter documentation edited (the model reads it)${at(place)}.`,
  },
  'input-schema-header-changed': {
    what: (place) => `The HTTP header a parameter is sent in changed${at(place)}.`,
  },
  'input-schema-object-closed': {
    what: (place) => `Input object closed: undeclared parameters are no longer part of it${at(place)}.`,
  },
  'output-schema-widened': {
    what: (place) => `Output can hold values consumers did not expect${at(place)}.`,
    fix: `keep the output within the old schema, ${MAJOR}`,
  },
  'output-schema-changed': {
    what: (place) => `Output changed: consumers may not read it${at(place)}.`,
    fix: `keep the old output shape, ${MAJOR}`,
  },
  'output-schema-narrowed': {
    what: (place) => `Output is more specific; consumers keep working${at(place)}.`,
  },
  'output-schema-unknown': {
    what: (place) => `Output schema change that cannot be checked automatically: review it${at(place)}.`,
  },
  'output-schema-annotation-changed': {
    what: (place) => `Output documentation edited${at(place)}.`,
  },
  'output-schema-default-changed': { what: (place) => `Output default changed${at(place)}.` },
  'output-schema-property-added': { what: (place) => `New output field${at(place)}.` },
  'output-schema-property-removed': {
    what: (place) => `Output field removed: consumers reading it break${at(place)}.`,
    fix: `keep returning the field, ${MAJOR}`,
  },
  'output-schema-object-opened': {
    what: (place) => `Output object opened: it may carry fields not declared${at(place)}.`,
  },
  'output-schema-added': { what: () => 'Now declares an output schema: consumers get a contract.' },
  'output-schema-removed': {
    what: () => 'No longer declares an output schema: consumers of structured output lose the contract.',
    fix: `keep the output schema, ${MAJOR}`,
  },
  'annotation-read-only-revoked': {
    what: () => 'No longer marked read-only: clients may ask for confirmation before calling it.',
  },
  'annotation-destructive-set': {
    what: () => 'Now marked destructive: clients may ask users to confirm every call.',
  },
  'annotation-idempotent-revoked': {
    what: () => 'No longer idempotent: clients must not retry calls blindly.',
  },
  'annotation-title-changed': { what: () => 'Display title changed.' },
  'info-version-changed': {
    what: (_place, c) =>
      typeof c.details?.old === 'string' && typeof c.details?.new === 'string'
        ? `Version ${code(c.details.old)} → ${code(c.details.new)}.`
        : 'Version changed.',
  },
  'primitive-description-changed': { what: () => 'Description edited (the model reads it).' },
  'primitive-title-changed': { what: () => 'Title changed.' },
  'primitive-deprecated': { what: () => 'Deprecated: callers should move away from it.' },
  'primitive-meta-changed': { what: () => `${code('_meta')} changed.` },
  'prompt-argument-added-required': {
    what: () => 'New required argument: existing uses of the prompt fail.',
    fix: `make the argument optional, ${MAJOR}`,
  },
  'prompt-argument-became-required': {
    what: () => 'An argument became required: existing uses of the prompt fail.',
    fix: `keep the argument optional, ${MAJOR}`,
  },
};

/**
 * A property added to an open input object breaks under JSON Schema semantics (values callers
 * could send before may now be rejected); under API semantics it is a new optional parameter.
 */
function propertyAdded(change: Change, place: string): Entry {
  if (change.level === 'info') return { what: () => `New optional parameter${at(place)}.` };
  return {
    what: () =>
      `New parameter constrains a value callers could already send to the open input object${at(place)}.`,
    fix: `close the input object with ${code('additionalProperties: false')} (then new parameters are additions), or read schemas with ${code('schema-semantics: api')}`,
  };
}

/** Fallback fix of a breaking change without its own. */
const GENERIC_FIX: Partial<Record<ChangeLevel, string>> = {
  breaking: `keep the old behaviour, ${MAJOR}`,
};

export function plainLanguage(change: Change): PlainChange {
  const place = schemaPlace(change);
  const entry =
    change.ruleId === 'input-schema-property-added' ? propertyAdded(change, place) : RULES[change.ruleId];
  const out: PlainChange = entry
    ? { what: entry.what(place, change) }
    : { what: sentence(decodeQuoted(change.message)) };
  const fix = entry?.fix ?? (entry ? undefined : GENERIC_FIX[change.level]);
  if (fix !== undefined && change.level === 'breaking') out.fix = fix;
  const texts = editedTexts(change);
  if (texts) out.diff = wordDiff(texts.before, texts.after);
  else if (entry && isSchemaRule(change.ruleId)) {
    // the engine's own account of the edit (`lower bound none → minimum 1`) says what exactly changed
    const detail = schemaDetail(change.message);
    if (detail) out.what = `${out.what.replace(/\.$/, '')}: ${decodeQuoted(detail)}.`;
  }
  return out;
}

function isSchemaRule(ruleId: string): boolean {
  return /^(input|output)-schema-/.test(ruleId);
}

/** The old and new text of a prose edit, when the change carries them. */
function editedTexts(change: Change): { before: string; after: string } | undefined {
  const before = change.details?.old;
  const after = change.details?.new;
  if (typeof before !== 'string' || typeof after !== 'string') return undefined;
  const kind = change.details?.schemaKind;
  if (
    !/description|title|instructions/.test(change.ruleId) &&
    !/^(description|title)-changed$/.test(String(kind))
  )
    return undefined;
  return { before, after };
}

/** `inputSchema at /properties/x/minimum: lower bound none → minimum 1` → `lower bound none → minimum 1`. */
function schemaDetail(message: string): string | undefined {
  const match = /^(?:input|output)Schema(?: at [^:]*)?: (.*)$/s.exec(message);
  if (!match) return undefined;
  // the engine's description of a new property repeats the rule (`property "x" added to an open object (...)`)
  return /^property ".*" added/.test(match[1] as string) ? undefined : match[1];
}

/**
 * The parameter a schema change is about, from the schema pointer the engine reports:
 * `/properties/owner/minLength` → `owner`, `/properties/a/items/properties/b` → `a[].b`.
 */
function schemaPlace(change: Change): string {
  const pointer = change.details?.pointerNew || change.details?.pointerOld;
  if (typeof pointer !== 'string' || pointer === '') return '';
  const segments = pointer.split('/').slice(1);
  let path = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = (segments[i] as string).replace(/~1/g, '/').replace(/~0/g, '~');
    if (segment === 'properties' && i + 1 < segments.length) {
      const name = (segments[++i] as string).replace(/~1/g, '/').replace(/~0/g, '~');
      path += path ? `.${name}` : name;
    } else if (segment === 'items') path += '[]';
  }
  return path ? code(path) : '';
}

function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/**
 * A change as one entry of the comment's release notes (src/report/changelog-markdown.ts lays
 * them out): an edited text as its word diff, otherwise the message with its quoted values decoded.
 */
export function changelogEntryMarkdown(change: Change): string {
  const plain = plainLanguage(change);
  return plain.diff
    ? `${escapeMessage(plain.what)}<br>${escapeWordDiff(plain.diff)}`
    : escapeMessage(decodeQuoted(change.message));
}
