import { describe, expect, it } from 'vitest';
import { escapeXml, formatJunit } from '../../src/report/junit.js';
import { FILES, HOSTILE } from './fixtures.js';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A small strict XML 1.0 parser (elements, attributes, text, the five entities, numeric references): throws on anything malformed. */
function parseXml(input: string): XmlElement {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${i}: ${JSON.stringify(input.slice(i, i + 30))}`);
  };
  const decode = (text: string): string => {
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(text)) fail('bad entity');
    if (/[<]/.test(text)) fail('raw <');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids them; that is the check
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(text))
      fail('character not allowed in XML 1.0');
    return text
      .replace(/&#x([0-9a-fA-F]+);/g, (_m, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  };
  const skipSpace = () => {
    while (/\s/.test(input[i] ?? '')) i++;
  };
  if (input.startsWith('<?xml')) {
    const end = input.indexOf('?>');
    if (end < 0) fail('unterminated declaration');
    i = end + 2;
  }
  skipSpace();
  const element = (): XmlElement => {
    if (input[i] !== '<') fail('expected <');
    i++;
    const name = /^[A-Za-z_][\w.-]*/.exec(input.slice(i))?.[0] ?? fail('element name');
    i += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (input.startsWith('/>', i)) {
        i += 2;
        return { name, attributes, children: [], text: '' };
      }
      if (input[i] === '>') {
        i++;
        break;
      }
      const attr = /^([A-Za-z_][\w.-]*)\s*=\s*"([^"]*)"/.exec(input.slice(i)) ?? fail('attribute');
      if (attr[1]! in attributes) fail('duplicate attribute');
      attributes[attr[1]!] = decode(attr[2]!);
      i += attr[0].length;
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      if (input.startsWith('</', i)) {
        i += 2;
        if (!input.startsWith(`${name}>`, i)) fail(`expected </${name}>`);
        i += name.length + 1;
        return { name, attributes, children, text };
      }
      if (input[i] === '<') children.push(element());
      else {
        const next = input.indexOf('<', i);
        if (next < 0) fail('unterminated element');
        text += decode(input.slice(i, next));
        i = next;
      }
    }
  };
  const root = element();
  skipSpace();
  if (i !== input.length) fail('content after the root element');
  return root;
}

describe('JUnit XML', () => {
  it('parses as XML, with one suite per file and counts that add up', () => {
    const root = parseXml(formatJunit(FILES, { failSeverity: 'warning' }));
    expect(root.name).toBe('testsuites');
    expect(root.children.map((s) => s.attributes.name)).toEqual(FILES.map((f) => f.file));
    expect(root.attributes).toMatchObject({ tests: '7', failures: '3', errors: '1' });
    const [a, clean, broken] = root.children;
    expect(a!.children.map((c) => c.children[0]?.name)).toEqual([
      'failure',
      'failure',
      'system-out',
      'system-out',
    ]);
    expect(clean!.children).toHaveLength(1);
    expect(clean!.children[0]!.children).toEqual([]);
    expect(broken!.children[0]!.children[0]!.name).toBe('error');
  });

  it('keeps hostile document text as text (escaped, XML-illegal characters replaced)', () => {
    const root = parseXml(formatJunit(FILES));
    const info = root.children[0]!.children[2]!.children[0]!;
    expect(info.text).toContain('Ignore <b>this</b> & [click]');
    expect(info.text).toContain('\uFFFD');
  });

  it('treats only findings at or above the fail severity as failures', () => {
    const root = parseXml(formatJunit(FILES, { failSeverity: 'error' }));
    expect(root.attributes.failures).toBe('1');
  });

  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(() => parseXml(`<a>${escapeXml(HOSTILE)}</a>`)).not.toThrow();
  });
});
