import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/tool-execution.yaml */
export const TOOL_EXECUTION_RULES = {
  'execution-task-support-required': {
    level: 'breaking',
    surface: 'tool.execution',
    direction: 'none',
    kind: 'behaviour-hint',
    action: 'set',
    mirror: 'execution-task-support-relaxed',
    messages: { default: 'execution.taskSupport {old} → {new}' },
    rationale: 'taskSupport became "required": clients without task support can no longer call the tool.',
  },
  'execution-task-support-relaxed': {
    level: 'info',
    surface: 'tool.execution',
    direction: 'none',
    kind: 'behaviour-hint',
    action: 'unset',
    mirror: 'execution-task-support-required',
    messages: { default: 'execution.taskSupport {old} → {new}' },
    rationale: 'taskSupport "required" → "optional": plain calls work again.',
  },
  'execution-task-support-removed': {
    level: 'breaking',
    surface: 'tool.execution',
    direction: 'none',
    kind: 'behaviour-hint',
    action: 'remove',
    mirror: 'execution-task-support-added',
    messages: { default: 'execution.taskSupport {old} → {new}' },
    rationale: 'taskSupport became "forbidden" (the default): callers using task augmentation fail.',
  },
  'execution-task-support-added': {
    level: 'info',
    surface: 'tool.execution',
    direction: 'none',
    kind: 'behaviour-hint',
    action: 'add',
    mirror: 'execution-task-support-removed',
    messages: { default: 'execution.taskSupport {old} → {new}' },
    rationale: 'taskSupport "forbidden" → "optional": task augmentation becomes possible.',
  },
} as const satisfies RuleDefs;
