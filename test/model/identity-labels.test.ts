import { describe, expect, it } from 'vitest';
import {
  PRIMITIVE_KIND_LABEL,
  PRIMITIVE_KINDS,
  type PrimitiveKind,
  sentenceKindLabel,
  titleKindLabel,
} from '../../src/model/identity.js';

describe('primitive kind labels (one definition for every module)', () => {
  const rows: [PrimitiveKind, string, string, string][] = [
    ['tool', 'tool', 'Tool', 'Tool'],
    ['resource', 'resource', 'Resource', 'Resource'],
    ['resourceTemplate', 'resource template', 'Resource template', 'Resource Template'],
    ['prompt', 'prompt', 'Prompt', 'Prompt'],
  ];
  it.each(rows)('%s: "%s", "%s", "%s"', (kind, text, sentence, title) => {
    expect(PRIMITIVE_KIND_LABEL[kind]).toBe(text);
    expect(sentenceKindLabel(kind)).toBe(sentence);
    expect(titleKindLabel(kind)).toBe(title);
  });

  it('covers every kind', () => {
    expect(rows.map((r) => r[0]).sort()).toEqual([...PRIMITIVE_KINDS].sort());
  });
});
