/**
 * The oldest Node.js the command line runs on, as package.json's `engines` says (a test keeps the
 * two equal). An older Node lacks what the command line uses (`process.getBuiltinModule` came in
 * 20.16) and failed mid-command with an internal error; it gets one line and exit code 2 instead.
 */
export const MINIMUM_NODE = '20.19';

/**
 * Undefined when Node `version` (`process.versions.node`, "20.19.0") is supported, else why not.
 * (Compared here rather than with the semver package the project uses elsewhere: this runs in the
 * 7 KB executable before any bundle loads, and semver's comparison would bring its parser in.)
 */
export function unsupportedNode(version: string): string | undefined {
  const have = version.split('.').map(Number);
  const need = MINIMUM_NODE.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    const part = have[i] ?? 0;
    const wanted = need[i] ?? 0;
    if (part > wanted) return undefined;
    if (part < wanted) return `needs Node.js ${MINIMUM_NODE} or later; this is Node.js ${version}`;
  }
  return undefined;
}
