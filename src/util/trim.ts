/**
 * Trims without regular expressions: `/-+$/` and the like are retried from every character of a
 * long run and take time squared (a run of 100,000 took seconds).
 */

/** `text` without the characters of `chars` at its end. */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/** `text` without the characters of `chars` at either end. */
export function trimOf(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text.charAt(start))) start++;
  return trimEndOf(text.slice(start), chars);
}
