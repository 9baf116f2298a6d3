/** Lint messages: rule templates with `{{subject}}`, `{{error}}`, ... placeholders, filled per finding. */
import type { JsonValue } from '../util/json.js';
import { describeValue, escapeInvisible } from './functions/text.js';
import { subjectLabel } from './subject-label.js';
import type { FunctionResult, Subject } from './types.js';

/** A message template split once: literal text, then per placeholder its text and its name. */
type Template = string[];
const templates = new Map<string, Template>();

export function parseTemplate(template: string): Template {
  let parts = templates.get(template);
  if (!parts) {
    parts = template.split(/(\{\{\s*(\w+)\s*\}\})/);
    templates.set(template, parts);
  }
  return parts;
}

/** What a message's placeholders are filled from (one per finding; no closure per finding). */
export interface MessageValues {
  result: FunctionResult;
  target: JsonValue | undefined;
  property: string;
  subject: Subject;
  at: string;
}

let lastMessage = '';
let lastEscaped = '';
/** A function's message, shown safely; most rules give one fixed message, thousands of times over. */
export function escapedMessage(message: string): string {
  if (message !== lastMessage) {
    lastEscaped = escapeInvisible(message);
    lastMessage = message;
  }
  return lastEscaped;
}

/** The value of one placeholder; an unknown name is left as written. */
export function placeholder(name: string, values: MessageValues): string | undefined {
  switch (name) {
    case 'error':
      return escapedMessage(values.result.message);
    case 'value':
      return describeValue(values.target);
    case 'property':
      return values.property;
    case 'name':
      return escapeInvisible(values.subject.name);
    case 'subject':
      return subjectLabel(values.subject);
    case 'type':
      return values.subject.type;
    case 'path':
      return values.at;
    default:
      return undefined;
  }
}

export const DEFAULT_MESSAGE = '{{subject}} {{error}}';
export const DEFAULT_MESSAGE_WITH_PROPERTY = '{{subject}} {{property}} {{error}}';

export function render(template: string, values: MessageValues): string {
  const parts = parseTemplate(template);
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 3) {
    out += (placeholder(parts[i + 1] as string, values) ?? (parts[i] as string)) + (parts[i + 2] as string);
  }
  return out;
}
