/**
 * How the ES modules users name (JavaScript config files, custom lint functions) are imported.
 *
 * The command line bundle runs from V8's code cache in a vm script (src/cli/bin.ts), where `import()`
 * has no module loader behind it; its launcher, an ordinary module, lends it its own.
 */
let importer: (url: string) => Promise<unknown> = (url) => import(url);

export function setModuleImporter(importModule: (url: string) => Promise<unknown>): void {
  importer = importModule;
}

export function importModule(url: string): Promise<unknown> {
  return importer(url);
}
