import { describe, expect, it } from 'vitest';
import { escapeMarkdown as escapeActionMarkdown } from '../../src/action/escape.js';
import { showControls } from '../../src/report/controls.js';
import {
  escapeMarkdown as escapeChangesMarkdown,
  escapeMarkdown as escapeReportMarkdown,
} from '../../src/report/escape.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('showControls', () => {
  it.each([
    ['plain text', 'plain text'],
    ['tab\tand\nline feed stay', 'tab\tand\nline feed stay'],
    ['\u001b[2Jclear', '\\u{1B}[2Jclear'],
    ['bell\u0007', 'bell\\u{7}'],
    ['csi\u009b31m', 'csi\\u{9B}31m'],
    ['del\u007f cr\r', 'del\\u{7F} cr\\u{D}'],
    ['NUL\u0000', 'NUL\\u{0}'],
  ])('%j → %j', (text, shown) => {
    expect(showControls(text)).toBe(shown);
  });
});

describe('Markdown escapers leave no control character raw', () => {
  const hostile = 'a\u001b]8;;https://x\u0007b\u009b2J\u0085c\u0000d\u007f';
  it.each([
    ['diff and changelog Markdown', escapeChangesMarkdown],
    ['lint Markdown', escapeReportMarkdown],
    ['the Action comment', (text: string) => escapeActionMarkdown(text)],
  ])('%s', (_name, escapeText) => {
    const escaped = escapeText(hostile);
    expect(escaped).not.toMatch(RAW_CONTROL);
    expect(escaped).toContain('b');
  });
});
