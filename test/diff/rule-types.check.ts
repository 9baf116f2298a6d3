/**
 * Type-level test (compiled by `tsc -p tsconfig.json`, never run): diff rule ids are a closed union,
 * so an id no family module registers fails the typecheck wherever a change is reported, and a
 * message takes exactly the parameters of its template.
 */
import type { CheckContext } from '../../src/diff/checks/context.js';
import { type MessageArgs, type RuleId, renderMessage } from '../../src/diff/rules.js';

export const registered: RuleId = 'tool-removed';
export const fileLevel: RuleId = 'description-unreadable';

// @ts-expect-error: not a registered diff rule
export const unknown: RuleId = 'tool-vanished';

// @ts-expect-error: a plain string is not a rule id
export const widened: RuleId = String('tool-removed');

const subject = { kind: 'tool', key: 't' } as const;

export function reportsOnlyRegisteredIds(ctx: CheckContext): void {
  ctx.report('tool-removed', subject, [], { kind: 'tool', name: '`t`' }, { path: '' });
  // @ts-expect-error: the report function accepts registered ids only
  ctx.report('tool-vanished', subject, [], { kind: 'tool', name: '`t`' }, { path: '' });
}

export function messagesTakeTheirTemplateParameters(ctx: CheckContext): void {
  ctx.report('tag-added', subject, [], { tag: '`read`' }, { path: '' });
  // @ts-expect-error: `tag added to the catalogue` needs {tag}
  ctx.report('tag-added', subject, [], {}, { path: '' });
  // @ts-expect-error: a variant the rule does not have
  ctx.report('tag-added', subject, [], { variant: 'renamed', tag: '`read`' }, { path: '' });
  ctx.report(
    'tool-added',
    subject,
    [],
    { variant: 'renamed', kind: 'tool', name: '`b`', from: '`a`' },
    { path: '' },
  );
  // @ts-expect-error: the `renamed` variant needs {from}
  ctx.report('tool-added', subject, [], { variant: 'renamed', kind: 'tool', name: '`b`' }, { path: '' });
}

export const rendered: string = renderMessage('description-removed', { path: 'api.yaml' });
// @ts-expect-error: `{path}` is a string parameter
export const wrongType: MessageArgs<'description-removed'> = { path: 1 };
