import { appendPointer, escapeSegment } from '../../util/pointer.js';
import { transportKey } from '../compare.js';
import type { Decl } from '../normalize.js';
import type { Subject } from '../types.js';
import { type CheckContext, obj, q, qa, same, unionKeys } from './context.js';

export function checkTransports(ctx: CheckContext): void {
  for (const pair of ctx.diff.transports) {
    const o = pair.old;
    const n = pair.new;
    const revs = pair.revisions;
    if (o && !n) {
      ctx.report(
        'transport-removed',
        { kind: 'transport', key: transportKey(o) },
        revs,
        { transport: q(transportKey(o)) },
        {
          path: '',
          before: o.pointer,
        },
      );
      continue;
    }
    if (!o && n) {
      ctx.report(
        'transport-added',
        { kind: 'transport', key: transportKey(n) },
        revs,
        { transport: q(transportKey(n)) },
        {
          path: '',
          after: n.pointer,
        },
      );
      continue;
    }
    if (!o || !n || !pair.modified) continue;
    compareTransport(ctx, o, n, revs);
  }
}

function compareTransport(ctx: CheckContext, o: Decl, n: Decl, revs: string[]): void {
  const subject: Subject = { kind: 'transport', key: transportKey(o) };
  const a = o.value;
  const b = n.value;
  const at = (key: string) => ({
    path: `/${escapeSegment(key)}`,
    before: Object.hasOwn(a, key) ? appendPointer(o.pointer, key) : o.pointer,
    after: Object.hasOwn(b, key) ? appendPointer(n.pointer, key) : n.pointer,
  });
  if (!same(a.type, b.type)) {
    ctx.report('transport-type-changed', subject, revs, { old: q(a.type), new: q(b.type) }, at('type'));
  }
  if (!same(a.url, b.url)) {
    ctx.report(
      'transport-url-changed',
      subject,
      revs,
      { old: qa(a.url), new: qa(b.url) },
      {
        ...at('url'),
        details: { old: a.url ?? null, new: b.url ?? null },
      },
    );
  }
  if (!same(a.command, b.command)) {
    ctx.report(
      'transport-stdio-command-changed',
      subject,
      revs,
      { old: qa(a.command), new: qa(b.command) },
      at('command'),
    );
  }
  if (!same(a.args, b.args)) {
    const show = (v: unknown) => (Array.isArray(v) ? v.join(' ') : '');
    const pin = packagePinMove(a.args, b.args);
    ctx.report(
      pin ? 'transport-stdio-args-version-changed' : 'transport-stdio-args-changed',
      subject,
      revs,
      { old: q(show(a.args)), new: q(show(b.args)) },
      {
        ...at('args'),
        details: pin
          ? {
              old: show(a.args),
              new: show(b.args),
              package: pin.name,
              oldVersion: pin.from,
              newVersion: pin.to,
            }
          : { old: show(a.args), new: show(b.args) },
      },
    );
  }
  const eo = obj(a.env) ?? {};
  const en = obj(b.env) ?? {};
  for (const name of unionKeys(eo, en)) {
    const path = `/env/${escapeSegment(name)}`;
    if (!Object.hasOwn(eo, name)) {
      ctx.report(
        'transport-stdio-env-added',
        subject,
        revs,
        { variable: q(name) },
        {
          path,
          before: at('env').before,
          after: appendPointer(n.pointer, 'env', name),
        },
      );
    } else if (!Object.hasOwn(en, name)) {
      ctx.report(
        'transport-stdio-env-removed',
        subject,
        revs,
        { variable: q(name) },
        {
          path,
          before: appendPointer(o.pointer, 'env', name),
          after: at('env').after,
        },
      );
    } else if (!same(eo[name], en[name])) {
      ctx.report(
        'transport-stdio-env-changed',
        subject,
        revs,
        { variable: q(name) },
        {
          path,
          before: appendPointer(o.pointer, 'env', name),
          after: appendPointer(n.pointer, 'env', name),
        },
      );
    }
  }
  for (const key of unionKeys(a, b)) {
    if (
      ['type', 'url', 'command', 'args', 'env', 'security', 'protocolVersions'].includes(key) ||
      same(a[key], b[key])
    )
      continue;
    ctx.report(
      key.startsWith('x-') ? 'extension-changed' : 'primitive-field-changed',
      subject,
      revs,
      { variant: 'transport-field', field: q(key) },
      at(key),
    );
  }
}

/** `name@version` (npm, scoped or not) or `name==version` (PyPI, as uvx and pipx take it). */
const PINNED = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(@|==)([0-9][0-9A-Za-z.+-]*)$/i;

/**
 * The one change between two `args` lists when it only moves the version pin of the package the
 * launcher runs (its first non-option argument: `npx -y pkg@1.2.3`): a client that copies the new
 * command line runs the new release, exactly as the release intends. Anything else is undefined.
 */
function packagePinMove(
  before: unknown,
  after: unknown,
): { name: string; from: string; to: string } | undefined {
  if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) return undefined;
  const runs = before.findIndex((arg) => typeof arg === 'string' && !arg.startsWith('-'));
  if (runs < 0) return undefined;
  for (let i = 0; i < before.length; i++) if (i !== runs && !same(before[i], after[i])) return undefined;
  const from = typeof before[runs] === 'string' ? PINNED.exec(before[runs]) : null;
  const to = typeof after[runs] === 'string' ? PINNED.exec(after[runs]) : null;
  if (!from || !to || from[1] !== to[1] || from[2] !== to[2] || from[3] === to[3]) return undefined;
  return { name: from[1] as string, from: from[3] as string, to: to[3] as string };
}
