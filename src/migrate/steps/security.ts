/**
 * Step: security. 0.7.0 put Security Scheme Objects inline in root and transport `security`
 * arrays; 0.8.0 names them in root `securitySchemes` and refers to them from Security Requirement
 * Arrays.
 *
 * - Every distinct inline scheme gets one deterministic name; identical definitions (deep equality)
 *   share it. Names: `http` schemes use their lower-cased `scheme` (`bearer`, `basic`), `oauth2`
 *   → `oauth`, `apiKey` → `apiKey`, `openIdConnect` → `openIdConnect` (the names the 0.8.0 examples
 *   use for the same servers). Two different definitions wanting one name: the later one gets
 *   `-2`, `-3`… and a warning asks the author to review.
 * - A scheme deeply equal to one in `preferSchemeNames` (the other side of a diff) takes that name.
 * - Each occurrence becomes `{ <name>: [] }`: no OAuth scope is inferred. Several schemes in one
 *   0.7.0 array become alternatives (one requirement object each), as the guide says; a warning
 *   asks the author to confirm, because 0.7.0 never said.
 * - `security: []` stays `[]`, an omitted `security` stays omitted; root and transport placement
 *   (override behaviour) is kept.
 */
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual, setOwn } from '../../util/json.js';
import { appendPointer } from '../../util/pointer.js';
import { trimOf } from '../../util/trim.js';
import { entry, type ReportEntry } from '../report.js';
import type { PointerMove, StepOptions, StepResult } from './types.js';
import { withKey } from './util.js';

const NAME_CHARS = /[^A-Za-z0-9._-]+/g;

/** The name a scheme would get without collisions. */
export function baseSchemeName(scheme: JsonObject): string {
  switch (scheme.type) {
    case 'http': {
      const raw = typeof scheme.scheme === 'string' ? scheme.scheme.trim().toLowerCase() : '';
      const clean = trimOf(raw.replace(NAME_CHARS, '-'), '-');
      return clean === '' ? 'http' : clean;
    }
    case 'oauth2':
      return 'oauth';
    case 'apiKey':
      return 'apiKey';
    case 'openIdConnect':
      return 'openIdConnect';
    default:
      return 'scheme';
  }
}

interface Named {
  name: string;
  scheme: JsonObject;
  firstPointer: string;
}

export function migrateSecurity(doc: JsonObject, options: StepOptions): StepResult {
  const entries: ReportEntry[] = [];
  const moves: PointerMove[] = [];
  const named: Named[] = [];
  const hints = options.preferSchemeNames ?? {};

  const nameFor = (scheme: JsonObject, pointer: string): string => {
    const existing = named.find((n) => jsonEqual(n.scheme, scheme));
    if (existing) {
      entries.push(
        entry(
          'change',
          'security-scheme-deduplicated',
          `inline security scheme identical to the one at ${existing.firstPointer}: both use securitySchemes.${existing.name}`,
          pointer,
          appendPointer('/securitySchemes', existing.name),
        ),
      );
      return existing.name;
    }
    const taken = (n: string) => named.some((x) => x.name === n);
    const hinted = Object.keys(hints).find((n) => !taken(n) && jsonEqual(hints[n], scheme));
    let name: string;
    if (hinted !== undefined) {
      name = hinted;
      entries.push(
        entry(
          'note',
          'security-scheme-name-from-other',
          `security scheme named ${JSON.stringify(name)} after the identical scheme of the 0.8.0 document it is compared with`,
          pointer,
          appendPointer('/securitySchemes', name),
        ),
      );
    } else {
      const base = baseSchemeName(scheme);
      name = base;
      for (let i = 2; taken(name); i++) name = `${base}-${i}`;
      if (name !== base) {
        const other = named.find((x) => x.name === base);
        entries.push(
          entry(
            'warning',
            'security-scheme-name-collision',
            `a different ${JSON.stringify(scheme.type)} scheme already took the name ${JSON.stringify(base)}${other ? ` (from ${other.firstPointer})` : ''}; this one is named ${JSON.stringify(name)}: review whether the two definitions should be one, and rename if you like`,
            pointer,
            appendPointer('/securitySchemes', name),
          ),
        );
      }
    }
    named.push({ name, scheme, firstPointer: pointer });
    moves.push({ result: appendPointer('/securitySchemes', name), source: pointer });
    entries.push(
      entry(
        'change',
        'security-scheme-named',
        `inline ${JSON.stringify(scheme.type)} security scheme moved to securitySchemes.${name}`,
        pointer,
        appendPointer('/securitySchemes', name),
      ),
    );
    return name;
  };

  /** One 0.7.0 security array → a 0.8.0 Security Requirement Array. */
  const convert = (list: JsonValue[], pointer: string): JsonValue[] => {
    const out: JsonObject[] = [];
    const names: string[] = [];
    list.forEach((item, index) => {
      const at = appendPointer(pointer, index);
      if (!isJsonObject(item)) {
        entries.push(
          entry(
            'decision',
            'security-scheme-invalid',
            'a 0.7.0 security entry must be a Security Scheme Object',
            at,
          ),
        );
        return;
      }
      const name = nameFor(item, at);
      if (names.includes(name)) {
        entries.push(
          entry(
            'change',
            'security-requirement-deduplicated',
            `the same scheme is listed twice in this security array; one requirement { ${name}: [] } is kept`,
            at,
          ),
        );
        return;
      }
      names.push(name);
      const requirement: JsonObject = {};
      setOwn(requirement, name, []);
      const resultAt = appendPointer(pointer, out.length);
      out.push(requirement);
      entries.push(
        entry(
          'change',
          'security-requirement',
          `inline scheme replaced by the requirement { ${name}: [] } (no OAuth scope is inferred)`,
          at,
          resultAt,
        ),
      );
    });
    if (names.length > 1) {
      entries.push(
        entry(
          'warning',
          'security-alternatives',
          `${names.length} schemes in one 0.7.0 security array became alternatives (${names.join(' OR ')}), as the migration guide describes; 0.7.0 did not say whether all were required together: confirm`,
          pointer,
          pointer,
        ),
      );
    }
    return out;
  };

  let value = doc;
  let rootSecurity: JsonValue[] | undefined;
  let transports: JsonValue[] | undefined;
  // Document order decides which definition is met first (and so which name gets no suffix).
  for (const key of Object.keys(doc)) {
    if (key === 'security' && Array.isArray(doc.security)) rootSecurity = convert(doc.security, '/security');
    if (key === 'transports' && Array.isArray(doc.transports)) {
      transports = doc.transports.map((transport, index) => {
        if (!isJsonObject(transport) || !Array.isArray(transport.security)) return transport;
        return withKey(
          transport,
          'security',
          convert(transport.security, appendPointer('/transports', index, 'security')),
        );
      });
    }
  }
  if (!Object.hasOwn(doc, 'security')) {
    entries.push(
      entry(
        'note',
        'root-security-omitted',
        '0.7.0 read an omitted root security as "no authentication required"; 0.8.0 reads it as "not declared". Add security: [] if the server needs no authentication (the migration does not add it)',
        '',
      ),
    );
  }
  if (rootSecurity) value = withKey(value, 'security', rootSecurity);
  if (transports) value = withKey(value, 'transports', transports);
  if (named.length > 0) {
    const schemes: JsonObject = {};
    for (const n of named) setOwn(schemes, n.name, n.scheme);
    value = withKey(value, 'securitySchemes', schemes, {
      before: ['security'],
      after: ['protocolVersions', 'info'],
    });
  }
  return { value, entries, moves };
}
