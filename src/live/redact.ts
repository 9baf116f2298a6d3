/**
 * What a dump records of how the server was reached. Header values and environment values are
 * never recorded (they are where tokens live); a URL's user name, password and query values are
 * replaced. Each thing left out is named in a note, so the user knows what to fill in.
 */
import { LiveServerError } from './errors.js';

/** Placeholder for a value that is not recorded. */
export const REDACTED = 'REDACTED';

export interface RecordedUrl {
  url: string;
  notes: string[];
}

export function recordedUrl(given: string): RecordedUrl {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new LiveServerError(`--url ${JSON.stringify(given)} is not a URL`);
  }
  const notes: string[] = [];
  if (url.username !== '' || url.password !== '') {
    url.username = '';
    url.password = '';
    notes.push('the user name and password in the URL are not recorded');
  }
  const names = [...new Set([...url.searchParams.keys()])];
  if (names.length > 0) {
    const query = new URLSearchParams();
    for (const name of url.searchParams.keys()) query.append(name, REDACTED);
    url.search = query.toString();
    notes.push(`the values of the URL's query parameters (${names.join(', ')}) are recorded as ${REDACTED}`);
  }
  return { url: url.href, notes };
}

/** `Name: value` (curl's syntax) as a header name and value. */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  // RFC 9110 field-name token.
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name))
    throw new LiveServerError(`--header ${JSON.stringify(text.slice(0, 40))}: expected 'Name: value'`);
  return [name, text.slice(colon + 1).trim()];
}

/** `NAME=value` as an environment variable name and value. */
export function parseEnv(text: string): [string, string] {
  const equals = text.indexOf('=');
  const name = equals === -1 ? '' : text.slice(0, equals);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new LiveServerError(`--env ${JSON.stringify(text.slice(0, 40))}: expected NAME=value`);
  return [name, text.slice(equals + 1)];
}
