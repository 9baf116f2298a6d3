/** Primitive client capability requirements (spec §8.5): members valid for every revision in scope. */
import type { ProtocolVersion } from '../../model/versions.js';
import type { JsonValue } from '../../util/json.js';
import { type Ctx, entries, isObject, list, type Primitive, type Segment } from '../context.js';

const AVAILABLE: Record<ProtocolVersion, readonly string[]> = {
  '2024-11-05': ['roots', 'sampling', 'experimental'],
  '2025-03-26': ['roots', 'sampling', 'experimental'],
  '2025-06-18': ['roots', 'sampling', 'elicitation', 'experimental'],
  '2025-11-25': ['roots', 'sampling', 'elicitation', 'tasks', 'experimental'],
  '2026-07-28': ['roots', 'sampling', 'elicitation', 'extensions', 'experimental'],
};
const KNOWN = new Set(['roots', 'sampling', 'elicitation', 'tasks', 'extensions', 'experimental']);

/** Closed member sets per capability and revision (undefined: the revision's type is open there). */
function membersOf(capability: string, version: ProtocolVersion): readonly string[] | undefined {
  switch (capability) {
    case 'roots':
      return version === '2026-07-28' ? [] : ['listChanged'];
    case 'sampling':
      return version === '2025-11-25' || version === '2026-07-28' ? ['context', 'tools'] : undefined;
    case 'elicitation':
      return version === '2025-11-25' || version === '2026-07-28' ? ['form', 'url'] : undefined;
    case 'tasks':
      return ['list', 'cancel', 'requests'];
    default:
      return undefined;
  }
}

export function checkClientRequirements(ctx: Ctx): void {
  for (let index = 0; index < ctx.primitives.length; index++) {
    const p = ctx.primitives[index] as Primitive;
    const requirements = p.value.clientRequirements;
    if (!isObject(requirements)) continue;
    const base = [...p.path, 'clientRequirements'];
    // Collect per (pointer, code) the revisions concerned, so each problem is reported once.
    const problems = new Map<
      string,
      {
        code: Parameters<Ctx['report']>[0];
        path: Segment[];
        message: (v: string) => string;
        versions: ProtocolVersion[];
      }
    >();
    const add = (
      code: Parameters<Ctx['report']>[0],
      path: Segment[],
      version: ProtocolVersion,
      message: (v: string) => string,
    ) => {
      const key = `${code}\u0000${path.join('\u0000')}`;
      const entry = problems.get(key) ?? { code, path, message, versions: [] };
      entry.versions.push(version);
      problems.set(key, entry);
    };
    const requireObject = (
      value: JsonValue | undefined,
      path: Segment[],
      version: ProtocolVersion,
      what: string,
    ) => {
      if (isObject(value)) return true;
      add('invalid-client-requirement-value', path, version, (v) => `${what} must be an object (MCP ${v})`);
      return false;
    };
    for (const version of p.scope) {
      const available = AVAILABLE[version];
      for (const [capability, value] of entries(requirements)) {
        if (capability.startsWith('x-')) continue;
        const path = [...base, capability];
        if (KNOWN.has(capability) && !available.includes(capability)) {
          add(
            'client-requirement-version-mismatch',
            path,
            version,
            (v) =>
              `clientRequirements.${capability} is not defined by MCP ${v}; split the primitive into protocol-scoped variants when requirements differ`,
          );
          continue;
        }
        if (!available.includes(capability)) continue; // open: unknown capabilities are preserved
        if (!requireObject(value, path, version, `clientRequirements.${capability}`)) continue;
        const members = membersOf(capability, version);
        if (members) {
          for (const [member, memberValue] of entries(value)) {
            if (!members.includes(member)) {
              add('client-requirement-version-mismatch', [...path, member], version, (v) =>
                capability === 'roots' && version === '2026-07-28'
                  ? `clientRequirements.roots must be empty for MCP ${v}`
                  : `clientRequirements.${capability}.${member} is not defined by MCP ${v}`,
              );
              continue;
            }
            if (capability === 'roots' && member === 'listChanged') {
              if (typeof memberValue !== 'boolean')
                add(
                  'invalid-client-requirement-value',
                  [...path, member],
                  version,
                  (v) => `clientRequirements.roots.listChanged must be a boolean (MCP ${v})`,
                );
            } else if (capability === 'tasks' && member === 'requests') {
              if (
                !requireObject(memberValue, [...path, member], version, 'clientRequirements.tasks.requests')
              )
                continue;
              for (const [family, familyValue] of entries(memberValue)) {
                const operation =
                  family === 'sampling' ? 'createMessage' : family === 'elicitation' ? 'create' : undefined;
                const familyPath = [...path, member, family];
                if (!operation) {
                  add(
                    'client-requirement-version-mismatch',
                    familyPath,
                    version,
                    (v) => `clientRequirements.tasks.requests.${family} is not defined by MCP ${v}`,
                  );
                  continue;
                }
                if (
                  !requireObject(
                    familyValue,
                    familyPath,
                    version,
                    `clientRequirements.tasks.requests.${family}`,
                  )
                )
                  continue;
                for (const [op, opValue] of entries(familyValue)) {
                  if (op !== operation)
                    add(
                      'client-requirement-version-mismatch',
                      [...familyPath, op],
                      version,
                      (v) => `clientRequirements.tasks.requests.${family}.${op} is not defined by MCP ${v}`,
                    );
                  else
                    requireObject(
                      opValue,
                      [...familyPath, op],
                      version,
                      `clientRequirements.tasks.requests.${family}.${op}`,
                    );
                }
              }
            } else {
              requireObject(
                memberValue,
                [...path, member],
                version,
                `clientRequirements.${capability}.${member}`,
              );
            }
          }
        }
        if (version === '2026-07-28' && (capability === 'roots' || capability === 'sampling')) {
          add(
            'deprecated-client-requirement',
            path,
            version,
            (v) => `clientRequirements.${capability} requires a client capability deprecated in MCP ${v}`,
          );
        }
      }
    }
    for (const problem of problems.values())
      ctx.report(problem.code, problem.path, problem.message(list(problem.versions)));
  }
}
