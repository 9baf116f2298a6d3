/**
 * Type-level test (compiled by `tsc -p tsconfig.json`, never run): diff rule ids are a closed union,
 * so an id no family module registers fails the typecheck wherever a change is emitted.
 */
import type { CheckContext } from '../../src/diff/checks/context.js';
import type { RuleId } from '../../src/diff/rules.js';

export const registered: RuleId = 'tool-removed';
export const fileLevel: RuleId = 'description-unreadable';

// @ts-expect-error: not a registered diff rule
export const unknown: RuleId = 'tool-vanished';

// @ts-expect-error: a plain string is not a rule id
export const widened: RuleId = String('tool-removed');

export function emitsOnlyRegisteredIds(ctx: CheckContext): void {
  ctx.emit('tool-removed', { kind: 'tool', key: 't' }, [], 'tool `t` removed', { path: '' });
  // @ts-expect-error: the emit function accepts registered ids only
  ctx.emit('tool-vanished', { kind: 'tool', key: 't' }, [], 'tool `t` removed', { path: '' });
}
