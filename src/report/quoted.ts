/** Values quoted in engine messages, as a reader should see them. */

/** A document value as a code span: backquotes inside become quotes so the span stays one span. */
export function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

/**
 * JSON string literals in an engine message (`"a\nb"`) as the text they stand for, in a code span:
 * a reader sees the value, not its escapes.
 */
export function decodeQuoted(message: string): string {
  // a literal the engine cut short (`"abc... → "def...`) lost its closing quote: decoded as far as it goes
  return message
    .replace(/\.\.\. → "/g, '..." → "')
    .replace(/"((?:[^"\\]|\\.)*)("|\\?$)/g, (literal, body: string, close: string) => {
      try {
        return code(JSON.parse(`"${body}"`) as string);
      } catch {
        return close === '"' ? literal : `"${body}`;
      }
    });
}
