/**
 * Loader for the CommonJS the build generates: the standalone validators
 * (scripts/precompile-validator.mjs) and the command line bundle (scripts/build-cli.mjs).
 *
 * They are ordinary CommonJS modules, loaded with Node's own `require`: where the running Node has
 * an on-disk compile cache (`module.enableCompileCache()`, which src/cli/bin.ts turns on), Node keys
 * and checks the cached code itself, so nothing shipped is bound to one V8 build.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The exports of the precompiled module at `url`. Throws when it does not exist (running from sources). */
export function requirePrecompiled(url: URL): unknown {
  return createRequire(url)(fileURLToPath(url));
}
