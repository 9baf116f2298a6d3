/** The `{{subject}}` of lint messages: `Tool "x"`, `Input property "a" of Tool "x"`. */
import { sentenceKindLabel } from '../model/identity.js';
import { describeValue } from './functions/text.js';
import type { LabelledSubject } from './subjects.js';
import type { Subject, SubjectType } from './types.js';

const SUBJECT_LABEL: Record<SubjectType, string> = {
  Document: 'Document',
  Info: 'Info',
  Transport: 'Transport',
  SecurityScheme: 'Security scheme',
  Tool: sentenceKindLabel('tool'),
  ToolInputSchema: 'Input schema',
  ToolOutputSchema: 'Output schema',
  ToolInputProperty: 'Input property',
  ToolOutputProperty: 'Output property',
  Prompt: sentenceKindLabel('prompt'),
  PromptArgument: 'Prompt argument',
  Resource: sentenceKindLabel('resource'),
  ResourceTemplate: sentenceKindLabel('resourceTemplate'),
  Elicitation: 'Elicitation',
  Example: 'Example',
  Tag: 'Tag',
};

/** `Tool "x"`, `Input property "a" of Tool "x"`: the {{subject}} of messages, once per subject. */
export function subjectLabel(subject: Subject): string {
  // Subjects of buildSubjects keep their label; one made elsewhere has no field for it.
  const kept = subject as Partial<LabelledSubject>;
  if (kept.label !== undefined) return kept.label;
  const label = describeSubject(subject);
  if ('label' in kept) kept.label = label;
  return label;
}

function describeSubject(subject: Subject): string {
  if (subject.kind === 'path') return `Value at ${subject.pointer || '/'}`;
  const parent = subject.parent;
  if (subject.type === 'ToolInputSchema' || subject.type === 'ToolOutputSchema') {
    // The Tool's own label, when it is the Tool of that name (it usually is, and is labelled already).
    const tool =
      parent?.type === 'Tool' && parent.name === subject.name
        ? subjectLabel(parent)
        : `Tool ${describeValue(subject.name)}`;
    return `${SUBJECT_LABEL[subject.type]} of ${tool}`;
  }
  const own = `${SUBJECT_LABEL[subject.type]}${subject.type === 'Document' ? '' : ` ${describeValue(subject.name)}`}`;
  if (parent && parent.type !== 'Document') return `${own} of ${subjectLabel(parent)}`;
  return own;
}
