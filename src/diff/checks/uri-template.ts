/** RFC 6570 variable names of a URI Template: `{+path}` → path, `{id:3}` → id, `{a,b*}` → a, b. */
export function templateVariables(template: string): string[] {
  const out: string[] = [];
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    let body = match[1] ?? '';
    if (/^[+#./;?&=,!@|]/.test(body)) body = body.slice(1);
    for (const spec of body.split(',')) {
      const name = spec.replace(/\*$/, '').replace(/:\d+$/, '').trim();
      if (name && !out.includes(name)) out.push(name);
    }
  }
  return out;
}
