/**
 * Builds every lint subject of a document in ONE traversal. Rules are indexed by subject type, so
 * the engine visits each subject once and runs only the rules that asked for its type.
 *
 * Embedded schemas are walked through `properties`, `items`, `prefixItems`, `additionalProperties`,
 * `patternProperties`, composition, conditionals, `$defs`; a root `$componentRef` is followed to its
 * `components/schemas` entry once (the subjects then carry the component's pointer, so a shared
 * schema is linted once and findings point at the place to edit). JSON Schema `$ref` is never followed.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { appendPointer, escapeSegment } from '../util/pointer.js';
import type { Subject, SubjectType } from './types.js';

export type SubjectIndex = Map<SubjectType, Subject[]>;

const SCHEMA_MAP_KEYWORDS = ['patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SCHEMA_SINGLE_KEYWORDS = [
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'additionalItems',
] as const;

/** Every keyword whose value holds subschemas other than `properties` and `items`. */
const OTHER_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  ...SCHEMA_MAP_KEYWORDS,
  ...SCHEMA_LIST_KEYWORDS,
  ...SCHEMA_SINGLE_KEYWORDS,
]);

/** True when a schema node has a keyword from OTHER_SUBSCHEMA_KEYWORDS: most have none. */
function hasOtherSubschemas(schema: JsonObject): boolean {
  // for-in, not Object.keys: no key array per schema node (a catalog has tens of thousands).
  for (const key in schema) if (OTHER_SUBSCHEMA_KEYWORDS.has(key)) return true;
  return false;
}

const COMPONENT_REF = /^#\/components\/([A-Za-z]+)\/([A-Za-z0-9._-]+)$/;

interface SchemaTypes {
  schema: SubjectType;
  property: SubjectType;
}
const INPUT: SchemaTypes = { schema: 'ToolInputSchema', property: 'ToolInputProperty' };
const OUTPUT: SchemaTypes = { schema: 'ToolOutputSchema', property: 'ToolOutputProperty' };
// Constant lists, read with indexed loops: buildSubjects runs them once per declaration.
const TOOL_SCHEMAS = [
  ['inputSchema', INPUT],
  ['outputSchema', OUTPUT],
] as const;
/** Example maps of a declaration, and the suffix of their examples' `kind`. */
const EXAMPLE_MAPS = [
  ['examples', ''],
  ['interactionExamples', '-interaction'],
  ['completionExamples', '-completion'],
] as const;

/**
 * A subject as the engine keeps it: `label`, the name its messages give it, is filled in by the
 * engine the first time a finding needs it (a field, not a WeakMap: thousands of findings each
 * look one up, and most are first lookups).
 */
export interface LabelledSubject extends Subject {
  label: string | undefined;
}

/**
 * Every subject has the same members in the same order: the engine runs each rule on thousands of
 * them, and one object shape keeps that code from being re-optimised for each kind of subject.
 */
export function makeSubject(
  type: SubjectType,
  pointer: string,
  value: JsonValue,
  name: string,
  parent: Subject | undefined,
  extra?: Pick<Subject, 'depth' | 'via' | 'required' | 'kind'>,
): Subject {
  return newSubject(
    type,
    pointer,
    value,
    name,
    parent,
    extra?.depth,
    extra?.via,
    extra?.required,
    extra?.kind,
  );
}

/** makeSubject with the optional members as arguments: buildSubjects makes tens of thousands, each without an options object. */
function newSubject(
  type: SubjectType,
  pointer: string,
  value: JsonValue,
  name: string,
  parent: Subject | undefined,
  depth: number | undefined,
  via: string | undefined,
  required: boolean | undefined,
  kind: string | undefined,
): Subject {
  const subject: LabelledSubject = {
    type,
    pointer,
    value,
    name,
    parent,
    depth,
    via,
    required,
    kind,
    label: undefined,
  };
  return subject;
}

export interface WalkOptions {
  /** Called with each subject as it is made (parents before their children). */
  visit?: (subject: Subject) => void;
  /** The types the index keeps (default: every type). */
  keep?: ReadonlySet<SubjectType>;
  /** The index to fill (default: a new one). */
  index?: SubjectIndex;
}

/** Every subject of `document`, in one traversal: the index of the types `keep` names. */
export function buildSubjects(document: JsonValue, options: WalkOptions = {}): SubjectIndex {
  const index: SubjectIndex = options.index ?? new Map();
  const { visit, keep } = options;
  const add = (subject: Subject): Subject => {
    visit?.(subject);
    if (keep !== undefined && !keep.has(subject.type)) return subject;
    let list = index.get(subject.type);
    if (!list) {
      list = [];
      index.set(subject.type, list);
    }
    list.push(subject);
    return subject;
  };
  const root = add(makeSubject('Document', '', document, 'document', undefined));
  if (!isJsonObject(document)) return index;
  const components = isJsonObject(document.components) ? document.components : undefined;
  const visitedSchemas = new Set<string>();

  /** Follows a `$componentRef` (one hop chain) to its target; undefined when it does not resolve. */
  const resolve = (value: JsonValue, pointer: string): { value: JsonValue; pointer: string } => {
    let current = value;
    let at = pointer;
    for (
      let hops = 0;
      hops < 8 && isJsonObject(current) && typeof current.$componentRef === 'string';
      hops++
    ) {
      const match = COMPONENT_REF.exec(current.$componentRef);
      const space =
        match && components && Object.hasOwn(components, match[1] as string)
          ? components[match[1] as string]
          : undefined;
      if (!match || !isJsonObject(space) || !Object.hasOwn(space, match[2] as string)) break;
      current = space[match[2] as string] as JsonValue;
      at = appendPointer('/components', match[1] as string, match[2] as string);
    }
    return { value: current, pointer: at };
  };

  /** One schema node and everything below it; `via` is the keyword it sits under (root: undefined). */
  const walkSchema = (
    schema: JsonValue,
    pointer: string,
    depth: number,
    owner: Subject,
    types: SchemaTypes,
    via: string | undefined,
  ): void => {
    if (!isJsonObject(schema)) return;
    add(newSubject(types.schema, pointer, schema, owner.name, owner, depth, via, undefined, undefined));
    const properties = schema.properties;
    if (isJsonObject(properties)) {
      const required = Array.isArray(schema.required) ? schema.required : [];
      // A long `required` (generated schemas list every property) is looked up in a set: `includes`
      // once per property made this walk quadratic (100,000 properties took 6 s).
      const requiredSet = required.length > 32 ? new Set(required) : undefined;
      const names = Object.keys(properties);
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        // (Not appendPointer: its rest parameter is an array per property, tens of thousands here.)
        const at = `${pointer}/properties/${escapeSegment(name)}`;
        const value = properties[name] as JsonValue;
        const isRequired = requiredSet ? requiredSet.has(name) : required.includes(name);
        add(newSubject(types.property, at, value, name, owner, depth + 1, undefined, isRequired, undefined));
        walkSchema(value, at, depth + 1, owner, types, 'properties');
      }
    }
    const items = schema.items;
    if (Array.isArray(items)) {
      for (let i = 0; i < items.length; i++)
        walkSchema(items[i] as JsonValue, appendPointer(pointer, 'items', i), depth, owner, types, 'items');
    } else if (items !== undefined) {
      walkSchema(items, appendPointer(pointer, 'items'), depth, owner, types, 'items');
    }
    // One look at the node's few keys instead of eighteen lookups, for the same walk in the same order.
    if (!hasOtherSubschemas(schema)) return;
    for (const keyword of SCHEMA_SINGLE_KEYWORDS) {
      if (Object.hasOwn(schema, keyword))
        walkSchema(
          schema[keyword] as JsonValue,
          appendPointer(pointer, keyword),
          depth,
          owner,
          types,
          keyword,
        );
    }
    for (const keyword of SCHEMA_LIST_KEYWORDS) {
      const list = Object.hasOwn(schema, keyword) ? schema[keyword] : undefined;
      if (Array.isArray(list))
        for (let i = 0; i < list.length; i++)
          walkSchema(list[i] as JsonValue, appendPointer(pointer, keyword, i), depth, owner, types, keyword);
    }
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = Object.hasOwn(schema, keyword) ? schema[keyword] : undefined;
      if (isJsonObject(map))
        for (const name of Object.keys(map))
          walkSchema(
            map[name] as JsonValue,
            appendPointer(pointer, keyword, name),
            depth,
            owner,
            types,
            keyword,
          );
    }
  };

  const exampleMaps = (owner: Subject, value: JsonObject, kind: string): void => {
    for (let m = 0; m < EXAMPLE_MAPS.length; m++) {
      const entry = EXAMPLE_MAPS[m] as (typeof EXAMPLE_MAPS)[number];
      const field = entry[0];
      const suffix = entry[1];
      const map = Object.hasOwn(value, field) ? value[field] : undefined;
      if (!isJsonObject(map)) continue;
      const exampleKind = `${kind}${suffix}`;
      const names = Object.keys(map);
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        const resolved = resolve(map[name] as JsonValue, appendPointer(owner.pointer, field, name));
        add(
          newSubject(
            'Example',
            resolved.pointer,
            resolved.value,
            name,
            owner,
            undefined,
            undefined,
            undefined,
            exampleKind,
          ),
        );
      }
    }
  };

  const elicitations = (owner: Subject, value: JsonObject): void => {
    const list = value.elicitations;
    if (!Array.isArray(list)) return;
    list.forEach((item, i) => {
      const name = isJsonObject(item) && typeof item.name === 'string' ? item.name : `#${i}`;
      add(makeSubject('Elicitation', appendPointer(owner.pointer, 'elicitations', i), item, name, owner));
    });
  };

  const doc = document;
  const objectAt = (key: string): JsonValue | undefined => (Object.hasOwn(doc, key) ? doc[key] : undefined);
  const info = objectAt('info');
  if (info !== undefined) add(makeSubject('Info', '/info', info, 'info', root));

  const each = (key: string, visit: (item: JsonValue, pointer: string, i: number) => void): void => {
    const list = objectAt(key);
    if (Array.isArray(list))
      // (Collection names need no escaping; appendPointer's rest parameter is an array per item.)
      for (let i = 0; i < list.length; i++) visit(list[i] as JsonValue, `/${key}/${i}`, i);
  };
  const nameOf = (item: JsonValue, field: string, i: number): string =>
    isJsonObject(item) && typeof item[field] === 'string' ? (item[field] as string) : `#${i}`;

  each('transports', (item, pointer, i) =>
    add(makeSubject('Transport', pointer, item, nameOf(item, 'type', i), root)),
  );
  const schemes = objectAt('securitySchemes');
  if (isJsonObject(schemes))
    for (const name of Object.keys(schemes))
      add(
        makeSubject(
          'SecurityScheme',
          appendPointer('/securitySchemes', name),
          schemes[name] as JsonValue,
          name,
          root,
        ),
      );

  each('tools', (item, pointer, i) => {
    const tool = add(makeSubject('Tool', pointer, item, nameOf(item, 'name', i), root));
    if (!isJsonObject(item)) return;
    for (let s = 0; s < TOOL_SCHEMAS.length; s++) {
      // (Index, not `[field, types] =`: array destructuring runs the iterator protocol.)
      const entry = TOOL_SCHEMAS[s] as (typeof TOOL_SCHEMAS)[number];
      const field = entry[0];
      const types = entry[1];
      if (!Object.hasOwn(item, field)) continue;
      const own = `${pointer}/${field}`;
      const resolved = resolve(item[field] as JsonValue, own);
      // A shared component schema is linted once, at the component. (A tool's own schema is
      // walked once anyway: no key to make and look up for each of thousands of tools.)
      if (resolved.pointer !== own) {
        const key = `${types.schema}:${resolved.pointer}`;
        if (visitedSchemas.has(key)) continue;
        visitedSchemas.add(key);
      }
      walkSchema(resolved.value, resolved.pointer, 0, tool, types, undefined);
    }
    elicitations(tool, item);
    exampleMaps(tool, item, 'tool');
  });
  for (const [collection, type, identity, kind] of [
    ['resources', 'Resource', 'uri', 'resource'],
    ['resourceTemplates', 'ResourceTemplate', 'uriTemplate', 'resourceTemplate'],
  ] as const) {
    each(collection, (item, pointer, i) => {
      const subject = add(makeSubject(type, pointer, item, nameOf(item, identity, i), root));
      if (!isJsonObject(item)) return;
      elicitations(subject, item);
      exampleMaps(subject, item, kind);
    });
  }
  each('prompts', (item, pointer, i) => {
    const prompt = add(makeSubject('Prompt', pointer, item, nameOf(item, 'name', i), root));
    if (!isJsonObject(item)) return;
    const args = item.arguments;
    if (Array.isArray(args))
      args.forEach((arg, j) => {
        add(
          makeSubject(
            'PromptArgument',
            appendPointer(pointer, 'arguments', j),
            arg,
            nameOf(arg, 'name', j),
            prompt,
            {
              required: isJsonObject(arg) && arg.required === true,
            },
          ),
        );
      });
    elicitations(prompt, item);
    exampleMaps(prompt, item, 'prompt');
  });
  each('tags', (item, pointer, i) => add(makeSubject('Tag', pointer, item, nameOf(item, 'name', i), root)));
  return index;
}
