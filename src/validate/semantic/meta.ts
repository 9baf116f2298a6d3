/** MCP `_meta` key rules (spec §3.5): key grammar, reserved keys, unknown reserved-prefix keys. */
import type { ProtocolVersion } from '../../model/versions.js';
import type { JsonValue } from '../../util/json.js';
import { before, type Ctx, entries, isObject, list, type Segment } from '../context.js';

export type MetaContext = 'declaration' | 'result' | 'content';

const KEY =
  /^(?:(?:[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;
const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

const isImplementation = (v: JsonValue | undefined) =>
  isObject(v) && typeof v.name === 'string' && typeof v.version === 'string';

interface Known {
  contexts: readonly string[];
  valid: (v: JsonValue | undefined) => boolean;
  versions: readonly ProtocolVersion[];
  expects: string;
}

const KNOWN: Record<string, Known> = {
  progressToken: {
    contexts: ['request'],
    valid: (v) => typeof v === 'string' || typeof v === 'number',
    versions: ['2025-06-18', '2025-11-25', '2026-07-28'],
    expects: 'a string or number',
  },
  'io.modelcontextprotocol/related-task': {
    contexts: ['result'],
    valid: (v) => isObject(v) && typeof v.taskId === 'string',
    versions: ['2025-11-25'],
    expects: 'an object with a string taskId',
  },
  'io.modelcontextprotocol/serverInfo': {
    contexts: ['result'],
    valid: isImplementation,
    versions: ['2026-07-28'],
    expects: 'an MCP Implementation object ({name, version})',
  },
  'io.modelcontextprotocol/protocolVersion': {
    contexts: ['request'],
    valid: (v) => typeof v === 'string',
    versions: ['2026-07-28'],
    expects: 'a string',
  },
  'io.modelcontextprotocol/clientInfo': {
    contexts: ['request'],
    valid: isImplementation,
    versions: ['2026-07-28'],
    expects: 'an MCP Implementation object',
  },
  'io.modelcontextprotocol/clientCapabilities': {
    contexts: ['request'],
    valid: isObject,
    versions: ['2026-07-28'],
    expects: 'an object',
  },
  'io.modelcontextprotocol/logLevel': {
    contexts: ['request'],
    valid: (v) => typeof v === 'string' && LOG_LEVELS.includes(v),
    versions: ['2026-07-28'],
    expects: 'a log level',
  },
  'io.modelcontextprotocol/subscriptionId': {
    contexts: ['notification', 'subscription-result'],
    valid: (v) => typeof v === 'string' || typeof v === 'number',
    versions: ['2026-07-28'],
    expects: 'a string or number',
  },
  traceparent: {
    contexts: ['request', 'result', 'content', 'declaration', 'notification'],
    valid: (v) => typeof v === 'string' && v.length > 0,
    versions: ['2026-07-28'],
    expects: 'a non-empty string',
  },
  tracestate: {
    contexts: ['request', 'result', 'content', 'declaration', 'notification'],
    valid: (v) => typeof v === 'string' && v.length > 0,
    versions: ['2026-07-28'],
    expects: 'a non-empty string',
  },
  baggage: {
    contexts: ['request', 'result', 'content', 'declaration', 'notification'],
    valid: (v) => typeof v === 'string' && v.length > 0,
    versions: ['2026-07-28'],
    expects: 'a non-empty string',
  },
};

function reservedPrefix(key: string, version: ProtocolVersion): boolean {
  const slash = key.indexOf('/');
  if (slash < 0) return false;
  const labels = key
    .slice(0, slash)
    .split('.')
    .map((l) => l.toLowerCase());
  const reserved = (l: string | undefined) => l === 'modelcontextprotocol' || l === 'mcp';
  // 2025-06-18 reserves any non-final label; later revisions reserve the second label.
  if (version === '2025-06-18') return labels.slice(0, -1).some(reserved);
  return labels.length >= 2 && reserved(labels[1]);
}

/** Checks one `_meta` object found at `path` in a `context`, for every revision of `scope`. */
export function checkMeta(
  ctx: Ctx,
  meta: JsonValue | undefined,
  context: MetaContext,
  scope: readonly ProtocolVersion[],
  path: Segment[],
): void {
  if (!isObject(meta)) return;
  const complete = scope.filter((v) => !before(v, '2025-06-18'));
  for (const [key, value] of entries(meta)) {
    const at = [...path, key];
    if (!KEY.test(key)) {
      ctx.report(
        'meta-key-invalid',
        at,
        `_meta key ${JSON.stringify(key)} does not match the MCP _meta key grammar`,
      );
      continue;
    }
    const known = KNOWN[key];
    const knownIn = known ? complete.filter((v) => known.versions.includes(v)) : [];
    if (known && knownIn.length > 0) {
      if (!known.contexts.includes(context)) {
        ctx.report(
          'meta-reserved-key-context',
          at,
          `reserved _meta key ${JSON.stringify(key)} is not defined in a ${context} context (MCP ${list(knownIn)}); it belongs to ${known.contexts.join('/')} metadata`,
        );
      } else if (!known.valid(value)) {
        ctx.report(
          'meta-reserved-key-value',
          at,
          `reserved _meta key ${JSON.stringify(key)} must be ${known.expects} (MCP ${list(knownIn)})`,
        );
      }
      continue;
    }
    const unknownIn = complete.filter((v) => reservedPrefix(key, v));
    if (unknownIn.length > 0) {
      ctx.report(
        'meta-unknown-reserved-key',
        at,
        `_meta key ${JSON.stringify(key)} uses an MCP-reserved prefix but is not recognized for MCP ${list(unknownIn)}; it is preserved, review its authority`,
      );
    }
  }
}

export function checkDeclarationMeta(ctx: Ctx): void {
  // (Most declarations have no `_meta`: no path is built for them.)
  const primitives = ctx.primitives;
  for (let index = 0; index < primitives.length; index++) {
    const p = primitives[index] as (typeof primitives)[number];
    if (p.value._meta !== undefined)
      checkMeta(ctx, p.value._meta, 'declaration', p.scope, [...p.path, '_meta']);
  }
}
