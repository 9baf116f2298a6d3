/** The closed set of MCP revisions mcpdesc 0.8.0 can describe (spec §4.9), oldest first. */
export const PROTOCOL_VERSIONS = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

export const MCPDESC_VERSION = '0.8.0';

export function isProtocolVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(value);
}

/** Orders revisions by release date; unknown strings sort last, alphabetically. */
export function compareVersions(a: string, b: string): number {
  const ia = (PROTOCOL_VERSIONS as readonly string[]).indexOf(a);
  const ib = (PROTOCOL_VERSIONS as readonly string[]).indexOf(b);
  if (ia === -1 && ib === -1) return a < b ? -1 : a > b ? 1 : 0;
  if (ia === -1) return 1;
  if (ib === -1) return -1;
  return ia - ib;
}

export function sortVersions<T extends string>(versions: Iterable<T>): T[] {
  // Most lists hold one revision or none (a diff sorts several per change): no set, no sort.
  if (Array.isArray(versions) && versions.length < 2) return (versions as T[]).slice();
  return [...new Set(versions)].sort(compareVersions);
}

/** True when `version` is `since` or later in the closed set. */
export function atLeast(version: string, since: ProtocolVersion): boolean {
  return compareVersions(version, since) >= 0 && isProtocolVersion(version);
}
