import { isJsonObject, type JsonObject } from '../../util/json.js';
import { appendPointer, escapeSegment } from '../../util/pointer.js';
import type { DeclPair } from '../compare.js';
import type { Decl } from '../normalize.js';
import type { Subject } from '../types.js';
import { type CheckContext, prose, q, same, unionKeys } from './context.js';

export interface PromptArgument {
  value: JsonObject;
  pointer: string;
}

/** Prompt arguments by name (their array order carries no meaning for `prompts/get`). */
export function promptArguments(decl: Decl): Map<string, PromptArgument> {
  const out = new Map<string, PromptArgument>();
  const list = decl.value.arguments;
  if (!Array.isArray(list)) return out;
  list.forEach((arg, i) => {
    if (isJsonObject(arg) && typeof arg.name === 'string' && !out.has(arg.name)) {
      out.set(arg.name, { value: arg, pointer: appendPointer(decl.pointer, 'arguments', i) });
    }
  });
  return out;
}

export function checkPromptFields(ctx: CheckContext, pair: DeclPair, subject: Subject): void {
  const a = promptArguments(pair.old as Decl);
  const b = promptArguments(pair.new as Decl);
  const revs = pair.revisions;
  const po = (pair.old as Decl).pointer;
  const pn = (pair.new as Decl).pointer;
  for (const [name, arg] of b) {
    const old = a.get(name);
    const path = `/arguments/${escapeSegment(name)}`;
    const required = arg.value.required === true;
    if (!old) {
      ctx.report(
        required ? 'prompt-argument-added-required' : 'prompt-argument-added-optional',
        subject,
        revs,
        { argument: q(name) },
        { path, before: po, after: arg.pointer },
      );
      continue;
    }
    const wasRequired = old.value.required === true;
    if (wasRequired !== required) {
      ctx.report(
        required ? 'prompt-argument-became-required' : 'prompt-argument-became-optional',
        subject,
        revs,
        { argument: q(name) },
        { path: `${path}/required`, before: old.pointer, after: arg.pointer },
      );
    }
    prose(
      ctx,
      'prompt-argument-description-changed',
      subject,
      revs,
      { argument: q(name) },
      old.value.description,
      arg.value.description,
      `${path}/description`,
      old.pointer,
      arg.pointer,
      { modelVisible: true },
    );
    prose(
      ctx,
      'prompt-argument-title-changed',
      subject,
      revs,
      { argument: q(name) },
      old.value.title,
      arg.value.title,
      `${path}/title`,
      old.pointer,
      arg.pointer,
    );
    for (const key of unionKeys(old.value, arg.value)) {
      if (['name', 'required', 'description', 'title'].includes(key) || same(old.value[key], arg.value[key]))
        continue;
      ctx.report(
        key.startsWith('x-') ? 'extension-changed' : 'primitive-field-changed',
        subject,
        revs,
        { variant: 'argument-field', argument: q(name), field: q(key) },
        {
          path: `${path}/${escapeSegment(key)}`,
          before: old.pointer,
          after: arg.pointer,
        },
      );
    }
  }
  for (const [name, arg] of a) {
    if (b.has(name)) continue;
    ctx.report(
      'prompt-argument-removed',
      subject,
      revs,
      { argument: q(name) },
      {
        path: `/arguments/${escapeSegment(name)}`,
        before: arg.pointer,
        after: pn,
      },
    );
  }
}
