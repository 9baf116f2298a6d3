/** How reports show a character that must not be printed as itself: `\u{1B}`. */
export function codePointEscape(character: string): string {
  return `\\u{${(character.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`;
}
