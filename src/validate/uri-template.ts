/**
 * RFC 6570 URI Templates: parsing (levels 1–4), variable names, and matching a concrete URI against a
 * template. Matching is a memoised dynamic programme over (uri offset, template part) — linear-ish
 * and free of regular-expression backtracking, because templates and URIs come from untrusted documents.
 */

export interface Expression {
  operator: string;
  variables: { name: string; explode: boolean; prefix?: number }[];
}
export type Part = { literal: string } | { expression: Expression };

export class UriTemplateError extends Error {}

const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
const RESERVED_OPERATORS = new Set(['=', ',', '!', '@', '|']);
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;
const FORBIDDEN_PRINTABLE = /["'<>\\^`|}]/;
const forbiddenLiteral = (c: string) => c.charCodeAt(0) <= 0x20 || FORBIDDEN_PRINTABLE.test(c);

export function parseUriTemplate(template: string): Part[] {
  const parts: Part[] = [];
  let i = 0;
  let literal = '';
  while (i < template.length) {
    const c = template[i] as string;
    if (c === '{') {
      const end = template.indexOf('}', i + 1);
      if (end < 0) throw new UriTemplateError(`unterminated expression at offset ${i}`);
      const body = template.slice(i + 1, end);
      if (body.includes('{')) throw new UriTemplateError(`nested "{" in expression at offset ${i}`);
      if (literal) parts.push({ literal });
      literal = '';
      parts.push({ expression: parseExpression(body, i) });
      i = end + 1;
      continue;
    }
    if (c === '}') throw new UriTemplateError(`unmatched "}" at offset ${i}`);
    if (c === '%') {
      if (!/^%[0-9A-Fa-f]{2}$/.test(template.slice(i, i + 3)))
        throw new UriTemplateError(`invalid percent-encoding at offset ${i}`);
      literal += template.slice(i, i + 3);
      i += 3;
      continue;
    }
    if (forbiddenLiteral(c))
      throw new UriTemplateError(`character ${JSON.stringify(c)} is not allowed in a literal (offset ${i})`);
    literal += c;
    i++;
  }
  if (literal) parts.push({ literal });
  return parts;
}

function parseExpression(body: string, offset: number): Expression {
  if (body.length === 0) throw new UriTemplateError(`empty expression at offset ${offset}`);
  let operator = '';
  let rest = body;
  const first = body[0] as string;
  if (OPERATORS.has(first)) {
    operator = first;
    rest = body.slice(1);
  } else if (RESERVED_OPERATORS.has(first)) {
    throw new UriTemplateError(`reserved operator ${JSON.stringify(first)} at offset ${offset}`);
  }
  const variables = rest.split(',').map((spec) => {
    let name = spec;
    let explode = false;
    let prefix: number | undefined;
    if (name.endsWith('*')) {
      explode = true;
      name = name.slice(0, -1);
    } else {
      const colon = name.indexOf(':');
      if (colon >= 0) {
        const length = name.slice(colon + 1);
        if (!/^[1-9][0-9]{0,3}$/.test(length))
          throw new UriTemplateError(`invalid prefix modifier ${JSON.stringify(spec)} at offset ${offset}`);
        prefix = Number(length);
        name = name.slice(0, colon);
      }
    }
    if (!VARNAME.test(name))
      throw new UriTemplateError(`invalid variable name ${JSON.stringify(name)} at offset ${offset}`);
    return prefix === undefined ? { name, explode } : { name, explode, prefix };
  });
  return { operator, variables };
}

export function templateVariables(parts: Part[]): Set<string> {
  const names = new Set<string>();
  for (const part of parts)
    if ('expression' in part) for (const v of part.expression.variables) names.add(v.name);
  return names;
}

const UNRESERVED = /[A-Za-z0-9\-._~%]/;
const RESERVED_OK = /[A-Za-z0-9\-._~%:/?#[\]@!$&'()*+,;=]/;

function allowed(operator: string, c: string): boolean {
  switch (operator) {
    case '+':
    case '#':
      return RESERVED_OK.test(c);
    case '':
      return UNRESERVED.test(c) || c === ',';
    case '.':
      return UNRESERVED.test(c) || c === ',';
    case '/':
      return UNRESERVED.test(c) || c === ',' || c === '/';
    case ';':
      return UNRESERVED.test(c) || c === ',' || c === ';' || c === '=';
    default: // ? &
      return UNRESERVED.test(c) || c === ',' || c === '&' || c === '=';
  }
}

const PREFIX: Record<string, string> = { '#': '#', '.': '.', '/': '/', ';': ';', '?': '?', '&': '&' };

/** True when `uri` is a possible expansion of the parsed template. */
export function matchesTemplate(parts: Part[], uri: string): boolean {
  if (uri.length > 8192) return false;
  const failed = new Set<number>();
  const width = parts.length + 1;
  const go = (pos: number, index: number): boolean => {
    if (index === parts.length) return pos === uri.length;
    const memo = pos * width + index;
    if (failed.has(memo)) return false;
    const part = parts[index] as Part;
    let ok = false;
    if ('literal' in part) {
      ok = uri.startsWith(part.literal, pos) && go(pos + part.literal.length, index + 1);
    } else {
      const op = part.expression.operator;
      // Empty expansion (all variables undefined).
      if (go(pos, index + 1)) ok = true;
      else {
        let start = pos;
        const prefix = PREFIX[op];
        if (prefix !== undefined) {
          if (uri[pos] !== prefix) start = -1;
          else start = pos + 1;
        }
        if (start >= 0) {
          for (let end = start; end <= uri.length; end++) {
            if (end > start && !allowed(op, uri[end - 1] as string)) break;
            if (end > start || prefix !== undefined) {
              if (go(end, index + 1)) {
                ok = true;
                break;
              }
            }
          }
        }
      }
    }
    if (!ok) failed.add(memo);
    return ok;
  };
  return go(0, 0);
}
