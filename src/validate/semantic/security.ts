/** Security references and scope rules (spec §7.3). */
import { arr, type Ctx, entries, obj, type Segment } from '../context.js';

export function checkSecurity(ctx: Ctx): void {
  const schemes = obj(ctx.doc.securitySchemes) ?? {};
  const catalogue = (name: string): Set<string> => {
    const scheme = obj(schemes[name]);
    const out = new Set<string>();
    if (scheme?.type === 'oauth2') {
      for (const [, flow] of entries(scheme.flows))
        for (const [scope] of entries(obj(flow)?.scopes)) out.add(scope);
    }
    return out;
  };

  const checkArray = (value: unknown, path: Segment[]) => {
    if (!Array.isArray(value)) return;
    value.forEach((requirement, r) => {
      for (const [name, scopes] of entries(obj(requirement))) {
        const at = [...path, r, name];
        if (!Object.hasOwn(schemes, name)) {
          ctx.report(
            'unknown-security-scheme',
            at,
            `security requirement references ${JSON.stringify(name)}, which is not declared in securitySchemes${name.startsWith('x-') ? ' (x-* keys are not extensions here: Security Requirement Objects are not extension-eligible)' : ''}`,
          );
          continue;
        }
        if (!Array.isArray(scopes)) continue;
        const type = obj(schemes[name])?.type;
        const firstIndex = new Map<string, number>();
        scopes.forEach((scope, s) => {
          if (typeof scope !== 'string') return;
          if (firstIndex.has(scope)) {
            ctx.report(
              'duplicate-security-scope',
              [...at, s],
              `scope ${JSON.stringify(scope)} is listed twice for ${JSON.stringify(name)}`,
              {
                atKey: false,
              },
            );
          } else firstIndex.set(scope, s);
        });
        if ((type === 'http' || type === 'apiKey') && scopes.length > 0) {
          ctx.report(
            'non-oauth-scope-misuse',
            at,
            `${JSON.stringify(name)} is an ${type} scheme: its requirement must use an empty scope array, only oauth2 and openIdConnect requirements list scopes`,
          );
        }
        if (type === 'oauth2' || type === 'openIdConnect') {
          const known = catalogue(name);
          scopes.forEach((scope, s) => {
            if (typeof scope === 'string' && !known.has(scope)) {
              ctx.report(
                'uncatalogued-oauth-scope',
                [...at, s],
                `scope ${JSON.stringify(scope)} is not in the static scope catalogue of ${JSON.stringify(name)}${type === 'openIdConnect' ? ' (openIdConnect schemes declare no static catalogue)' : ''}`,
                { atKey: false },
              );
            }
          });
        }
      }
    });
  };

  checkArray(ctx.doc.security, ['security']);
  arr(ctx.doc.transports).forEach((t, i) => {
    checkArray(obj(t)?.security, ['transports', i, 'security']);
  });
  // (Most declarations have no `security`: no path is built for them.)
  const primitives = ctx.primitives;
  for (let index = 0; index < primitives.length; index++) {
    const p = primitives[index] as (typeof primitives)[number];
    if (p.value.security !== undefined) checkArray(p.value.security, [...p.path, 'security']);
  }
}
