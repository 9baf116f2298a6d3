/**
 * How the ES modules users name (JavaScript config files, custom lint functions) are imported.
 *
 * The command line bundle (src/cli/bin.ts) is CommonJS; its launcher lends it its own `import()`, so
 * the one module loader resolves every user module the same way.
 */
let importer: (url: string) => Promise<unknown> = (url) => import(url);

export function setModuleImporter(importModule: (url: string) => Promise<unknown>): void {
  importer = importModule;
}

export function importModule(url: string): Promise<unknown> {
  return importer(url);
}
