/**
 * A live server's answers as an mcpdesc 0.8.0 document: `info` from `serverInfo`, the negotiated
 * revision as the only `protocolVersions`, the capabilities, instructions, the transport used, and
 * every primitive in the order the server listed it. Pure: the same answers give the same document.
 *
 * Only what mcpdesc 0.8.0 defines for the negotiated revision is recorded: a field the revision
 * does not have (a tool `title` in 2025-03-26) or a property MCP objects do not define is left
 * out and named in a note, so the document validates instead of carrying what no client of that
 * revision sees. Nothing is invented: no examples, tags or security.
 */
import { PRIMITIVE_KIND_LABEL } from '../model/identity.js';
import { atLeast, isProtocolVersion, MCPDESC_VERSION, PROTOCOL_VERSIONS } from '../model/versions.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { LiveServerError } from './errors.js';
import type { LiveSurface } from './session.js';

/** The transport the server was reached through, as recorded (values that may be secret are placeholders). */
export type RecordedTransport =
  | { type: 'stdio'; command: string; args: readonly string[]; env: readonly string[] }
  | { type: 'streamable-http'; url: string };

export interface DumpedDescription {
  document: JsonObject;
  /** What was not recorded, one line each. */
  notes: string[];
}

type Since = (typeof PROTOCOL_VERSIONS)[number];
/** A field and the first revision that has it (`only`: the one revision that has it). */
type FieldRule = { since?: Since; only?: Since };

const ICON_FIELDS: Record<string, FieldRule> = { src: {}, mimeType: {}, sizes: {}, theme: {} };
const INFO_FIELDS: Record<string, FieldRule> = {
  name: {},
  version: {},
  title: {},
  description: {},
  icons: {},
  websiteUrl: {},
};
const TOOL_FIELDS: Record<string, FieldRule> = {
  name: {},
  title: { since: '2025-06-18' },
  description: {},
  inputSchema: {},
  outputSchema: { since: '2025-06-18' },
  annotations: { since: '2025-03-26' },
  execution: { only: '2025-11-25' },
  icons: { since: '2025-11-25' },
  _meta: { since: '2025-06-18' },
};
const PROMPT_FIELDS: Record<string, FieldRule> = {
  name: {},
  title: { since: '2025-06-18' },
  description: {},
  arguments: {},
  icons: { since: '2025-11-25' },
  _meta: { since: '2025-06-18' },
};
const PROMPT_ARGUMENT_FIELDS: Record<string, FieldRule> = {
  name: {},
  title: { since: '2025-06-18' },
  description: {},
  required: {},
};
const RESOURCE_FIELDS: Record<string, FieldRule> = {
  uri: {},
  name: {},
  title: { since: '2025-06-18' },
  description: {},
  mimeType: {},
  size: {},
  annotations: {},
  icons: { since: '2025-11-25' },
  _meta: { since: '2025-06-18' },
};
const TEMPLATE_FIELDS: Record<string, FieldRule> = {
  uriTemplate: {},
  name: {},
  title: { since: '2025-06-18' },
  description: {},
  mimeType: {},
  annotations: {},
  icons: { since: '2025-11-25' },
  _meta: { since: '2025-06-18' },
};
const CAPABILITY_FIELDS: Record<string, FieldRule> = {
  tools: {},
  resources: {},
  prompts: {},
  completions: { since: '2025-03-26' },
  logging: {},
  tasks: { only: '2025-11-25' },
  extensions: {},
  experimental: {},
};
/** Closed sub-objects of the Capabilities Object (spec §8) and the flags they hold. */
const CAPABILITY_FLAGS: Record<string, readonly string[]> = {
  tools: ['listChanged'],
  resources: ['subscribe', 'listChanged'],
  prompts: ['listChanged'],
};

/** Which primitive fields a server reports over the wire, by collection (the rest only a description says). */
export const WIRE_FIELDS: Record<
  'tools' | 'prompts' | 'resources' | 'resourceTemplates',
  ReadonlySet<string>
> = {
  tools: new Set(Object.keys(TOOL_FIELDS)),
  prompts: new Set(Object.keys(PROMPT_FIELDS)),
  resources: new Set(Object.keys(RESOURCE_FIELDS)),
  resourceTemplates: new Set(Object.keys(TEMPLATE_FIELDS)),
};
export const WIRE_INFO_FIELDS: ReadonlySet<string> = new Set(Object.keys(INFO_FIELDS));
/** Root properties a dump writes; any other root property only a description has. */
export const DUMPED_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'mcpdesc',
  'info',
  'protocolVersions',
  'instructions',
  'transports',
  'capabilities',
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
]);

export function describeSurface(surface: LiveSurface, transport: RecordedTransport): DumpedDescription {
  const revision = surface.protocolVersion;
  if (!isProtocolVersion(revision))
    throw new LiveServerError(
      `the server negotiated MCP revision ${revision}, which mcpdesc ${MCPDESC_VERSION} cannot describe (${PROTOCOL_VERSIONS.join(', ')})`,
    );
  const notes: string[] = [];
  const pick = (value: JsonObject, rules: Record<string, FieldRule>, what: string): JsonObject => {
    const out: JsonObject = {};
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined || field === null) continue;
      const rule = rules[key];
      if (!rule) {
        notes.push(`${what}: ${key} not recorded (not a property mcpdesc ${MCPDESC_VERSION} defines there)`);
        continue;
      }
      if ((rule.since && !atLeast(revision, rule.since)) || (rule.only && revision !== rule.only)) {
        notes.push(`${what}: ${key} not recorded (MCP ${revision} does not define it)`);
        continue;
      }
      if (key === 'icons') {
        const icons = Array.isArray(field)
          ? field.filter(isJsonObject).map((icon, i) => pick(icon, ICON_FIELDS, `${what} icon ${i}`))
          : [];
        if (icons.length > 0) out.icons = icons;
        continue;
      }
      out[key] = field;
    }
    return out;
  };

  const info = pick(surface.serverInfo, INFO_FIELDS, 'serverInfo');
  const document: JsonObject = {
    mcpdesc: MCPDESC_VERSION,
    info,
    protocolVersions: [revision],
  };
  if (surface.instructions !== undefined && surface.instructions !== '')
    document.instructions = surface.instructions;
  document.transports = [recordTransport(transport)];
  document.capabilities = [capabilitiesOf(surface.capabilities, pick)];

  const tools = surface.tools.map((tool) => {
    const what = `${PRIMITIVE_KIND_LABEL.tool} ${label(tool.name)}`;
    const out = pick(tool, TOOL_FIELDS, what);
    // Schema generators (zod's, the SDK's) declare a dialect on every schema; mcpdesc allows a
    // tool schema's `$schema` only from 2025-11-25, where MCP defines dialects.
    if (!atLeast(revision, '2025-11-25')) {
      for (const field of ['inputSchema', 'outputSchema']) {
        const schema = out[field];
        if (isJsonObject(schema) && schema.$schema !== undefined) {
          const { $schema: _dialect, ...rest } = schema;
          out[field] = rest;
          notes.push(`${what}: ${field}.$schema not recorded (MCP ${revision} defines no schema dialects)`);
        }
      }
    }
    return out;
  });
  const resources = surface.resources.map((resource) => {
    const out = pick(resource, RESOURCE_FIELDS, `${PRIMITIVE_KIND_LABEL.resource} ${label(resource.uri)}`);
    return withResourceAnnotations(
      out,
      revision,
      `${PRIMITIVE_KIND_LABEL.resource} ${label(resource.uri)}`,
      notes,
    );
  });
  const resourceTemplates = surface.resourceTemplates.map((template) => {
    const out = pick(
      template,
      TEMPLATE_FIELDS,
      `${PRIMITIVE_KIND_LABEL.resourceTemplate} ${label(template.uriTemplate)}`,
    );
    return withResourceAnnotations(
      out,
      revision,
      `${PRIMITIVE_KIND_LABEL.resourceTemplate} ${label(template.uriTemplate)}`,
      notes,
    );
  });
  const prompts = surface.prompts.map((prompt) => {
    const what = `${PRIMITIVE_KIND_LABEL.prompt} ${label(prompt.name)}`;
    const out = pick(prompt, PROMPT_FIELDS, what);
    if (Array.isArray(out.arguments)) {
      const args = out.arguments
        .filter(isJsonObject)
        .map((arg) => pick(arg, PROMPT_ARGUMENT_FIELDS, `${what} argument ${label(arg.name)}`));
      // An empty collection is omitted (spec §3.8): no arguments.
      if (args.length > 0) out.arguments = args;
      else delete out.arguments;
    }
    return out;
  });
  if (tools.length > 0) document.tools = tools;
  if (resources.length > 0) document.resources = resources;
  if (resourceTemplates.length > 0) document.resourceTemplates = resourceTemplates;
  if (prompts.length > 0) document.prompts = prompts;
  return { document, notes };
}

function capabilitiesOf(
  capabilities: JsonObject,
  pick: (value: JsonObject, rules: Record<string, FieldRule>, what: string) => JsonObject,
): JsonObject {
  const picked = pick(capabilities, CAPABILITY_FIELDS, 'capabilities');
  for (const [key, flags] of Object.entries(CAPABILITY_FLAGS)) {
    const value = picked[key];
    if (value === undefined) continue;
    const closed: JsonObject = {};
    if (isJsonObject(value))
      for (const flag of flags) if (typeof value[flag] === 'boolean') closed[flag] = value[flag];
    picked[key] = closed;
  }
  // An empty extension map is not a declaration (spec §3.8: non-empty when present).
  if (isJsonObject(picked.extensions) && Object.keys(picked.extensions).length === 0)
    delete picked.extensions;
  return picked;
}

function withResourceAnnotations(
  out: JsonObject,
  revision: string,
  what: string,
  notes: string[],
): JsonObject {
  const annotations = out.annotations;
  if (
    isJsonObject(annotations) &&
    annotations.lastModified !== undefined &&
    !atLeast(revision, '2025-06-18')
  ) {
    const { lastModified: _dropped, ...rest } = annotations;
    notes.push(`${what}: annotations.lastModified not recorded (MCP ${revision} does not define it)`);
    if (Object.keys(rest).length > 0) out.annotations = rest;
    else delete out.annotations;
  }
  return out;
}

function recordTransport(transport: RecordedTransport): JsonObject {
  if (transport.type === 'streamable-http') return { type: 'streamable-http', url: transport.url };
  const out: JsonObject = { type: 'stdio', command: transport.command };
  if (transport.args.length > 0) out.args = [...transport.args];
  if (transport.env.length > 0) {
    const env: JsonObject = {};
    for (const name of transport.env) env[name] = envPlaceholder(name);
    out.env = env;
  }
  return out;
}

/** What an environment value is recorded as: never the value, a reference a reader fills in. */
export function envPlaceholder(name: string): string {
  return `\${${name}}`;
}

function label(value: JsonValue | undefined): string {
  return JSON.stringify(typeof value === 'string' ? value : String(value));
}
