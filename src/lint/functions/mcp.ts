/** MCP-specific functions: schemas, annotations, security, model-visible prose and tags. */
import { hasMembers, isJsonObject, type JsonObject, type JsonValue } from '../../util/json.js';
import { appendPointer } from '../../util/pointer.js';
import type { FunctionDefinition, FunctionResult, Subject } from '../types.js';
import { cachedRegExp, codePointLength } from './generic.js';
import { describeValue, INVISIBLE_ANY, INVISIBLE_SOURCE } from './text.js';

const none: FunctionResult[] = [];
const BRANCH_KEYWORDS: ReadonlySet<string> = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentSchemas',
]);
const COMPOSITION = [
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  '$ref',
  'dependentSchemas',
  'patternProperties',
] as const;

function composed(schema: JsonObject): boolean {
  for (let i = 0; i < COMPOSITION.length; i++)
    if (Object.hasOwn(schema, COMPOSITION[i] as string)) return true;
  return false;
}

function isObjectSchema(schema: JsonObject): boolean {
  const type = schema.type;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  return type === undefined && isJsonObject(schema.properties);
}

/**
 * Scripts that write a word in one or two characters: a length meant for alphabetic text counts
 * each of their characters as WIDE_WEIGHT (an English word with its space is about five letters).
 * Han, Hiragana, Katakana (with the prolonged sound mark), Hangul, and full-width punctuation.
 */
const WIDE_SCRIPT =
  /[\u1100-\u11FF\u3000-\u30FF\u3130-\u318F\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF01-\uFF60]|[\uD840-\uD87F][\uDC00-\uDFFF]/g;
const WIDE_WEIGHT = 3;

export const usefulText: FunctionDefinition = {
  name: 'usefulText',
  handlesMissing: true,
  description:
    'A prose field must be present, not blank, and at least `min` characters long (default 1); a character of a script that writes words in one or two characters (Chinese, Japanese, Korean) counts as three.',
  optionsSchema: {
    type: 'object',
    properties: { min: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: { min?: number }) => {
    if (target === undefined || target === null) return [{ message: 'is missing' }];
    if (typeof target !== 'string') return none;
    const text = target.trim();
    if (text === '') return [{ message: 'is blank' }];
    const min = options.min ?? 1;
    // At least half as many code points as UTF-16 units: long texts need no count.
    if (text.length >= min * 2) return none;
    const n = codePointLength(text);
    if (n >= min) return none;
    const wide = text.match(WIDE_SCRIPT)?.length ?? 0;
    if (wide === 0)
      return [{ message: `is too short to be useful: ${n} characters, at least ${min} expected` }];
    const weighted = n + wide * (WIDE_WEIGHT - 1);
    if (weighted >= min) return none;
    return [
      {
        message: `is too short to be useful: ${n} characters (worth ${weighted} letters of alphabetic text), at least ${min} letters' worth expected`,
      },
    ];
  },
};

export const noParameterSchema: FunctionDefinition = {
  name: 'noParameterSchema',
  description:
    'A tool\'s root input schema without properties must be the closed empty schema `{"type":"object","additionalProperties":false}` (spec §9.2); schemas below the root are not checked.',
  fn: (target: JsonValue | undefined, _options, context) => {
    // Only a tool's root schema: a composition branch (`oneOf: [{required: [a]}, ...]`) has no
    // properties of its own, and closing it would make every call invalid.
    if (context.subject.via !== undefined) return none;
    if (!isJsonObject(target) || composed(target)) return none;
    const properties = target.properties;
    if (isJsonObject(properties) && hasMembers(properties)) return none;
    if (target.additionalProperties === false) return none;
    if (Object.hasOwn(target, 'additionalProperties') || Object.hasOwn(target, 'unevaluatedProperties'))
      return none;
    return [
      {
        // `properties: {}` too: OpenAI rejects an object schema without `properties` ("object schema missing properties").
        message:
          'takes no parameters but is open: use {"type":"object","properties":{},"additionalProperties":false}',
      },
    ];
  },
};

export const explicitAdditionalProperties: FunctionDefinition = {
  name: 'explicitAdditionalProperties',
  description:
    'An object schema with `properties` must say whether other properties are allowed (`additionalProperties` or `unevaluatedProperties`). Composed schemas are skipped.',
  fn: (target: JsonValue | undefined, _options, context) => {
    if (!isJsonObject(target) || !isObjectSchema(target) || composed(target)) return none;
    // A branch of allOf/anyOf/oneOf/not/if/then/else must not be closed on its own.
    if (context.subject.via !== undefined && BRANCH_KEYWORDS.has(context.subject.via)) return none;
    const properties = target.properties;
    if (!isJsonObject(properties) || !hasMembers(properties)) return none;
    if (Object.hasOwn(target, 'additionalProperties') || Object.hasOwn(target, 'unevaluatedProperties'))
      return none;
    return [
      {
        message: 'does not declare `additionalProperties`: say `false` (closed) or `true` (open) explicitly',
      },
    ];
  },
};

export const requiredDeclared: FunctionDefinition = {
  name: 'requiredDeclared',
  description:
    'Every `required` entry of an object schema must be declared in its `properties` (composed schemas and composition branches are skipped).',
  fn: (target: JsonValue | undefined, _options, context) => {
    if (!isJsonObject(target) || composed(target) || !Array.isArray(target.required)) return none;
    // `oneOf: [{required: [a]}, {required: [b]}]` names the parent's properties.
    if (context.subject.via !== undefined && BRANCH_KEYWORDS.has(context.subject.via)) return none;
    const properties = isJsonObject(target.properties) ? target.properties : {};
    const out: FunctionResult[] = [];
    target.required.forEach((name, i) => {
      if (typeof name === 'string' && !Object.hasOwn(properties, name))
        out.push({
          message: `required property ${describeValue(name)} is not declared in \`properties\``,
          path: ['required', i],
        });
    });
    return out;
  },
};

function jsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export const typedEnum: FunctionDefinition = {
  name: 'typedEnum',
  description: 'A schema with `enum` must declare `type`, and every enum value must be of that type.',
  fn: (target: JsonValue | undefined) => {
    if (!isJsonObject(target) || !Array.isArray(target.enum)) return none;
    const type = target.type;
    if (type === undefined) return [{ message: 'has `enum` but no `type`', path: ['enum'], atKey: true }];
    const types = (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
    const out: FunctionResult[] = [];
    target.enum.forEach((value, i) => {
      const actual = jsonType(value);
      const ok = types.includes(actual) || (actual === 'integer' && types.includes('number'));
      if (!ok)
        out.push({
          message: `enum value ${describeValue(value)} is not of type ${types.join(' | ')}`,
          path: ['enum', i],
        });
    });
    return out;
  },
};

const DEFAULT_HINTS = ['destructiveHint', 'idempotentHint'];
const ANNOTATIONS = ['annotations'];

/** First words of names of tools that only read. */
const READ_VERBS: ReadonlySet<string> = new Set([
  'get',
  'list',
  'search',
  'find',
  'fetch',
  'read',
  'query',
  'describe',
  'lookup',
  'retrieve',
  'count',
  'browse',
  'check',
  'inspect',
  'explain',
  'analyze',
  'analyse',
  'compare',
  'summarize',
  'summarise',
  'validate',
  'verify',
  'estimate',
  'calculate',
  'preview',
  'stat',
  'info',
  'status',
  'explore',
  'discover',
]);
/** Words that make a name say it writes, wherever they stand (`get_or_create_user`, `list_and_delete`). */
const WRITE_WORDS: ReadonlySet<string> = new Set([
  'create',
  'add',
  'insert',
  'update',
  'edit',
  'set',
  'put',
  'post',
  'patch',
  'delete',
  'remove',
  'drop',
  'write',
  'save',
  'send',
  'upload',
  'publish',
  'deploy',
  'run',
  'execute',
  'exec',
  'start',
  'stop',
  'restart',
  'kill',
  'cancel',
  'merge',
  'push',
  'commit',
  'move',
  'rename',
  'copy',
  'clear',
  'reset',
  'purge',
  'close',
  'open',
  'assign',
  'approve',
  'reject',
  'submit',
  'trigger',
  'invoke',
  'install',
  'uninstall',
  'enable',
  'disable',
  'archive',
  'restore',
  'import',
  'sync',
  'lock',
  'unlock',
  'mark',
  'subscribe',
  'unsubscribe',
  'invite',
  'register',
  'login',
  'logout',
  'store',
  'modify',
  'replace',
  'apply',
  'generate',
  'refresh',
  'schedule',
  'book',
  'order',
  'pay',
  'transfer',
  'or',
  'and',
  'then',
]);

/**
 * The words of a tool name, without a `server__` / `server.` / `server:` / `server/` prefix,
 * lower-cased: runs of ASCII letters and digits, split where a lower-case letter or digit meets an
 * upper-case letter. One pass over the name (write-tool-hints asks this of every tool of a catalog).
 */
export function nameWords(name: string): string[] {
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0x2e || c === 0x3a || c === 0x2f) start = i + 1;
    else if (c === 0x5f && name.charCodeAt(i + 1) === 0x5f) start = i + 2;
  }
  const words: string[] = [];
  let wordStart = -1;
  let previousLowerOrDigit = false;
  for (let i = start; i <= name.length; i++) {
    const c = i < name.length ? name.charCodeAt(i) : 0;
    const upper = c >= 0x41 && c <= 0x5a;
    const lowerOrDigit = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
    if (upper && previousLowerOrDigit && wordStart !== -1) {
      words.push(name.slice(wordStart, i).toLowerCase());
      wordStart = i;
    } else if (!upper && !lowerOrDigit) {
      if (wordStart !== -1) words.push(name.slice(wordStart, i).toLowerCase());
      wordStart = -1;
    } else if (wordStart === -1) wordStart = i;
    previousLowerOrDigit = lowerOrDigit;
  }
  return words;
}

/**
 * A description that says the tool changes something (`Execute a SQL query ... INSERT, UPDATE`):
 * then a reading name is not enough to call the tool read-only.
 */
const DESCRIBES_WRITING =
  /\b(?:insert|update|upsert|delete|drop|writes?|modif(?:y|ies)|creates?|removes?|sends?|uploads?|toggles?|enables?|disables?|saves?|executes?|runs?|starts?|stops?|installs?|changes?|sets?\s+(?:the|a|an))\b/i;

/** A name that starts with a reading verb and has no word that writes. */
export function looksReadOnly(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0 || !READ_VERBS.has(words[0] as string)) return false;
  for (let i = 1; i < words.length; i++) if (WRITE_WORDS.has(words[i] as string)) return false;
  return true;
}

interface WriteToolHintsOptions {
  hints?: string[];
  /** Ask tools that may write for `hints` (default true); false: only ask read-only-looking tools for `readOnlyHint`. */
  writeTools?: boolean;
}

export const writeToolHints: FunctionDefinition = {
  name: 'writeToolHints',
  description:
    'A Tool whose name says it only reads (`get_…`, `list_…`, `search_…` and no writing word) and whose description does not say it changes anything (insert, update, delete, send, execute...) should declare `readOnlyHint: true`; with `writeTools` (default true) any other Tool that is not `readOnlyHint: true` should declare `destructiveHint` and `idempotentHint` (or `hints`). One finding per tool.',
  optionsSchema: {
    type: 'object',
    properties: {
      hints: { type: 'array', items: { type: 'string' }, minItems: 1 },
      writeTools: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: WriteToolHintsOptions) => {
    if (!isJsonObject(target)) return none;
    const annotations = isJsonObject(target.annotations) ? target.annotations : undefined;
    const readOnly = annotations?.readOnlyHint;
    if (readOnly === true) return none;
    // An explicit `readOnlyHint: false` is the author saying it writes: no second-guessing the name.
    if (
      readOnly === undefined &&
      typeof target.name === 'string' &&
      looksReadOnly(target.name) &&
      !(typeof target.description === 'string' && DESCRIBES_WRITING.test(target.description))
    ) {
      const message = `looks read-only by its name but does not declare \`readOnlyHint: true\` (clients such as ChatGPT then label it a write tool and ask before each call); if it does write, say \`readOnlyHint: false\``;
      return [annotations ? { message, path: ANNOTATIONS, atKey: true } : { message }];
    }
    if (options.writeTools === false) return none;
    const hints = options.hints ?? DEFAULT_HINTS;
    // Thousands of tools on a catalog, with one or two messages between them.
    let missing = '';
    for (let i = 0; i < hints.length; i++) {
      const hint = hints[i] as string;
      if (annotations && Object.hasOwn(annotations, hint)) continue;
      missing += `${missing === '' ? '' : ' or '}\`${hint}\``;
    }
    if (missing === '') return none;
    const message = `may write (no \`readOnlyHint: true\`) but does not declare ${missing}`;
    return [annotations ? { message, path: ANNOTATIONS, atKey: true } : { message }];
  },
};

export const securityDeclared: FunctionDefinition = {
  name: 'securityDeclared',
  description:
    'The subject (a transport) must have a `security` declaration of its own or inherit a root one; `security: []` counts as a declaration (explicitly anonymous).',
  fn: (target: JsonValue | undefined, _options, context) => {
    if (!isJsonObject(target) || Object.hasOwn(target, 'security')) return none;
    const doc = context.document;
    if (isJsonObject(doc) && Object.hasOwn(doc, 'security')) return none;
    return [
      {
        message:
          'has no security declared (neither on the transport nor at the root); use `security: []` if it is intentionally anonymous',
      },
    ];
  },
};

const LOCAL_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

export const secureUrl: FunctionDefinition = {
  name: 'secureUrl',
  description:
    'A URL must use https (or wss); plain http is allowed for localhost when `allowLocalhost` (default true). `data:` URLs and non-URLs are ignored.',
  optionsSchema: {
    type: 'object',
    properties: { allowLocalhost: { type: 'boolean' } },
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: { allowLocalhost?: boolean }) => {
    if (typeof target !== 'string') return none;
    const match = /^(https?|wss?|ftp):\/\/([^/?#]*)/i.exec(target);
    if (!match) return none;
    const scheme = (match[1] as string).toLowerCase();
    if (scheme === 'https' || scheme === 'wss') return none;
    const host = (match[2] as string).replace(/^[^@]*@/, '').replace(/:\d+$/, '');
    if (options.allowLocalhost !== false && LOCAL_HOST.test(host)) return none;
    return [{ message: `${describeValue(target)} is not encrypted (${scheme}://): use https` }];
  },
};

const SECRET_NAME =
  '(?:^|[_.-])(?:TOKEN|SECRET|PASSWORD|PASSWD|PWD|PASS|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH|KEY)(?:$|[_.-])';
const PLACEHOLDER =
  '^(?:\\$\\{\\{?[^}]*\\}?\\}|\\$[A-Za-z_][A-Za-z0-9_]*|<[^>]*>|\\{\\{[^}]*\\}\\}|%[A-Za-z_][A-Za-z0-9_]*%|x+|X+|\\*+|\\.\\.\\.|changeme|change-me|placeholder|redacted|secret|token|password|your[-_ ].*|todo|none|null|test|dummy|example)$';
const KNOWN_SECRET_VALUE =
  '^(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|sk-[A-Za-z0-9_-]{20,}|sk_live_[A-Za-z0-9]{16,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|glpat-[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{35}|-----BEGIN [A-Z ]*PRIVATE KEY-----.*)$';

export const noLiteralSecrets: FunctionDefinition = {
  name: 'noLiteralSecrets',
  description:
    'An environment map must not hold literal secrets: a variable whose name looks secret (TOKEN, SECRET, PASSWORD, API_KEY, ...) must hold a placeholder such as `$' +
    '{VAR}` or `<your-token>`, and no value may look like a known credential format (GitHub, OpenAI, Slack, AWS, GitLab, Google keys, private keys).',
  optionsSchema: {
    type: 'object',
    properties: { namePattern: { type: 'string' }, placeholderPattern: { type: 'string' } },
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: { namePattern?: string; placeholderPattern?: string }) => {
    if (!isJsonObject(target)) return none;
    const secretName = cachedRegExp(options.namePattern ?? SECRET_NAME, 'i');
    const placeholder = cachedRegExp(options.placeholderPattern ?? PLACEHOLDER, 'i');
    const known = cachedRegExp(KNOWN_SECRET_VALUE, 's');
    const out: FunctionResult[] = [];
    for (const name of Object.keys(target)) {
      const value = target[name];
      if (typeof value !== 'string' || value.trim() === '') continue;
      if (known.test(value.trim())) {
        out.push({
          message: `\`${name}\` holds what looks like a real credential: reference it (e.g. \${${name}}) instead`,
          path: [name],
        });
      } else if (secretName.test(name) && !placeholder.test(value.trim())) {
        out.push({
          message: `\`${name}\` looks like a secret but holds a literal value: use a placeholder such as \${${name}}`,
          path: [name],
        });
      }
    }
    return out;
  },
};

export const invisibleCharacters: FunctionDefinition = {
  name: 'invisibleCharacters',
  description:
    'Model-visible text must not contain zero-width, bidi control or Unicode tag characters: readers do not see them, models do.',
  fn: (target: JsonValue | undefined) => {
    // Almost no text has one: one test spares a match iterator and a map per text.
    if (typeof target !== 'string' || !INVISIBLE_ANY.test(target)) return none;
    const found = new Map<string, number>();
    for (const match of target.matchAll(cachedRegExp(INVISIBLE_SOURCE, 'g'))) {
      const code = `U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      if (!found.has(code)) found.set(code, match.index ?? 0);
    }
    if (found.size === 0) return none;
    const list = [...found].map(([code, at]) => `${code} at offset ${at}`).join(', ');
    return [{ message: `contains invisible or bidi control characters (${list})` }];
  },
};

const DEFAULT_PHRASES = [
  '\\b(?:ignore|disregard|forget|override)\\s+(?:all\\s+|any\\s+)?(?:the\\s+|your\\s+)?(?:previous|prior|above|earlier|other|system)\\s+(?:instructions|prompts?|rules|messages|tools?)\\b',
  // Not `<\s*/?\s*`: two adjacent runs of spaces take time squared to fail (400 KB: 80 s).
  '<\\s*(?:/\\s*)?(?:important|system|instructions?)\\s*>',
  "\\b(?:do\\s+not|don't|never)\\s+(?:tell|inform|mention\\s+(?:this\\s+)?to|reveal\\s+(?:this\\s+)?to|notify|alert|show)\\s+the\\s+user\\b",
  '\\bwithout\\s+(?:telling|informing|notifying|alerting|asking)\\s+the\\s+user\\b',
  '\\b(?:reveal|print|output|repeat|leak)\\s+(?:your|the)\\s+(?:system\\s+prompt|instructions|hidden\\s+prompt)\\b',
  '\\byou\\s+are\\s+now\\s+(?:a|an|in)\\b',
  '(?:~|\\$HOME)/\\.(?:ssh|aws|gnupg|kube|docker|netrc)\\b|\\bid_rsa\\b',
  '\\b(?:secretly|covertly|silently)\\s+(?:send|upload|forward|exfiltrate|copy|include|pass|add|call)\\b',
];

/**
 * Text a Markdown renderer hides but a model reads: a link-reference "comment" (`[//]: # (...)`,
 * `[comment]: <> "..."`) and an HTML comment that holds a sentence (three words or more:
 * `<!-- ckb:module path -->` is markup a description documents, not a payload). Each is tried only
 * on a text that holds its literal (`]:`, `<!--`): in the one alternation with the phrases above,
 * the first one's line-start lookbehind was tried at every character of every text (a quarter of
 * the rule's time on a catalog).
 */
const DEFAULT_GUARDED_PHRASES: readonly { source: string; needs: string }[] = [
  {
    source: '(?<![^\\n])[ \\t]*\\[[^\\]\\n]{0,40}\\]:[ \\t]*(?:#|<>)[ \\t]*[("\'][^\\n]{0,40}',
    needs: ']:',
  },
  { source: '<!--[ \\t\\r\\n]*(?:[^\\s>-]\\S*[ \\t\\r\\n]+){3}[^\\n]{0,30}', needs: '<!--' },
];

export const instructionLike: FunctionDefinition = {
  name: 'instructionLike',
  description:
    'Model-visible text must not contain phrases aimed at the model rather than at a reader: "ignore previous instructions", `<IMPORTANT>` blocks, "do not tell the user", references to credential files... (`phrases` adds regular expressions, `replace: true` uses only those).',
  optionsSchema: {
    type: 'object',
    properties: { phrases: { type: 'array', items: { type: 'string' } }, replace: { type: 'boolean' } },
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: InstructionLikeOptions) => {
    if (typeof target !== 'string') return none;
    const phrases = compiledPhrases(options);
    if (
      phrases.any !== undefined &&
      !phrases.any.test(target) &&
      !phrases.guarded.some((holds) => holds(target))
    )
      return none;
    for (const phrase of phrases.each) {
      const match = phrase.exec(target);
      if (match)
        return [{ message: `contains an instruction aimed at the model: ${describeValue(match[0])}` }];
    }
    return none;
  },
};

interface InstructionLikeOptions {
  phrases?: string[];
  replace?: boolean;
}

interface CompiledPhrases {
  /** In order: the first that matches names the finding. */
  each: RegExp[];
  /**
   * All phrases but the guarded ones as one alternation, which tells (with `guarded`) in one pass
   * whether any matches: most texts match none. Left out when a phrase numbers or names its
   * groups, which an alternation would renumber or repeat.
   */
  any: RegExp | undefined;
  /** The default phrases kept out of `any`: each tests a text only when it holds its literal. */
  guarded: ((text: string) => boolean)[];
}

const compiledByOptions = new WeakMap<InstructionLikeOptions, CompiledPhrases>();

function compiledPhrases(options: InstructionLikeOptions): CompiledPhrases {
  let compiled = compiledByOptions.get(options);
  if (!compiled) {
    const guardedPhrases = options.replace ? [] : DEFAULT_GUARDED_PHRASES;
    const sources = options.replace
      ? (options.phrases ?? [])
      : [...DEFAULT_PHRASES, ...(options.phrases ?? [])];
    // In the order the phrases were listed before any was guarded: defaults, then the config's.
    const ordered = options.replace
      ? sources
      : [...DEFAULT_PHRASES, ...guardedPhrases.map((g) => g.source), ...(options.phrases ?? [])];
    const each = ordered.map((source) => cachedRegExp(source, 'i'));
    const groupsMatter = sources.some((source) => /\\[1-9]|\\k<|\(\?<[^=!]/.test(source));
    const alternation =
      groupsMatter || sources.length < 2
        ? undefined
        : new RegExp(sources.map((source) => `(?:${source})`).join('|'), 'i');
    // Without an alternation every text goes to `each`, guarded phrases included.
    const any = alternation;
    const guarded = guardedPhrases.map(({ source, needs }) => {
      const re = cachedRegExp(source, 'i');
      return (text: string) => text.includes(needs) && re.test(text);
    });
    compiled = { each, any, guarded };
    compiledByOptions.set(options, compiled);
  }
  return compiled;
}

const PRIMITIVE_TYPES = ['Tool', 'Resource', 'ResourceTemplate', 'Prompt'] as const;

function tagReferences(
  subjects: ReadonlyMap<string, readonly Subject[]>,
): { name: string; pointer: string }[] {
  const refs: { name: string; pointer: string }[] = [];
  for (const type of PRIMITIVE_TYPES) {
    for (const subject of subjects.get(type) ?? []) {
      const value = subject.value;
      if (!isJsonObject(value) || !Array.isArray(value.tags)) continue;
      value.tags.forEach((tag, i) => {
        if (typeof tag === 'string')
          refs.push({ name: tag, pointer: appendPointer(subject.pointer, 'tags', i) });
      });
    }
  }
  return refs;
}

export const tagsDeclared: FunctionDefinition = {
  name: 'tagsDeclared',
  description:
    'Run on the Document: tags used by primitives should be declared in a root `tags` catalogue. (With a catalogue, an undeclared tag is the validation error `unknown-tag-reference`; this covers documents without one.)',
  readsSubjects: () => PRIMITIVE_TYPES,
  fn: (target: JsonValue | undefined, _options, context) => {
    if (!isJsonObject(target) || Object.hasOwn(target, 'tags')) return none;
    const seen = new Set<string>();
    const out: FunctionResult[] = [];
    for (const ref of tagReferences(context.subjects)) {
      if (seen.has(ref.name)) continue;
      seen.add(ref.name);
      out.push({
        message: `tag ${describeValue(ref.name)} is used but the document has no \`tags\` catalogue`,
        pointer: ref.pointer,
      });
    }
    return out;
  },
};

export const tagsUsed: FunctionDefinition = {
  name: 'tagsUsed',
  description:
    'Run on the Document: every entry of the root `tags` catalogue should be used by at least one primitive.',
  readsSubjects: () => PRIMITIVE_TYPES,
  fn: (target: JsonValue | undefined, _options, context) => {
    if (!isJsonObject(target) || !Array.isArray(target.tags)) return none;
    const used = new Set(tagReferences(context.subjects).map((r) => r.name));
    const out: FunctionResult[] = [];
    target.tags.forEach((tag, i) => {
      if (isJsonObject(tag) && typeof tag.name === 'string' && !used.has(tag.name))
        out.push({
          message: `tag ${describeValue(tag.name)} is declared but no primitive uses it`,
          path: ['tags', i, 'name'],
        });
    });
    return out;
  },
};

export const uniqueNames: FunctionDefinition = {
  name: 'uniqueNames',
  description:
    'Run on the Document: names of `subjects` (field `name`) must be unique ignoring case and `-`/`_` differences, so that clients that normalise names cannot confuse them. Same-name variants with disjoint scopes are expected and skipped.',
  optionsSchema: {
    type: 'object',
    properties: { subjects: { type: 'array', items: { type: 'string' }, minItems: 1 } },
    required: ['subjects'],
    additionalProperties: false,
  },
  readsSubjects: (options: { subjects: string[] }) => options.subjects,
  fn: (_target: JsonValue | undefined, options: { subjects: string[] }, context) => {
    const out: FunctionResult[] = [];
    for (const type of options.subjects) {
      const seen = new Map<string, string>();
      for (const subject of context.subjects.get(type as Subject['type']) ?? []) {
        const value = subject.value;
        if (!isJsonObject(value) || typeof value.name !== 'string') continue;
        const key = value.name.toLowerCase().replace(/[-_]/g, '');
        const first = seen.get(key);
        if (first === undefined) seen.set(key, value.name);
        else if (first !== value.name)
          out.push({
            message: `${describeValue(value.name)} differs from ${describeValue(first)} only by case or separators`,
            pointer: appendPointer(subject.pointer, 'name'),
          });
      }
    }
    return out;
  },
};
