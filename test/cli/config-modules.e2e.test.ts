import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

// The bundle runs from V8's code cache in a vm script; JavaScript config files and custom functions
// are ES modules it imports at run time, which needs Node's own module loader behind `import()`.
describe('JavaScript config and custom functions (built CLI)', () => {
  it('lints with mcpdesc.config.mjs and a custom function module', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-config-modules-'));
    writeFileSync(
      join(dir, 'weather.mcpdesc.yaml'),
      readFileSync(join(import.meta.dirname, '../../examples/weather-v1.mcpdesc.yaml')),
    );
    mkdirSync(join(dir, 'fns'));
    writeFileSync(
      join(dir, 'fns', 'no-forecast.mjs'),
      "export default (target) => (String(target).includes('forecast') ? [{ message: 'mentions forecast' }] : []);\n",
    );
    writeFileSync(
      join(dir, 'mcpdesc.config.mjs'),
      `export default {
  extends: 'recommended',
  functions: { noForecast: './fns/no-forecast.mjs' },
  rules: {
    'no-forecast-names': {
      description: 'Tool names do not say forecast.',
      severity: 'error',
      given: 'Tool',
      then: { field: 'name', function: 'noForecast' },
    },
  },
};
`,
    );
    const result = runCli(['lint', 'weather.mcpdesc.yaml', '-f', 'json'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { files: { findings: { code: string }[] }[] };
    expect(report.files.flatMap((file) => file.findings.map((f) => f.code))).toContain('no-forecast-names');
  });

  it('names a custom function that throws, in one line (its own stack with --debug), exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-config-modules-'));
    writeFileSync(
      join(dir, 'weather.mcpdesc.yaml'),
      readFileSync(join(import.meta.dirname, '../../examples/weather-v1.mcpdesc.yaml')),
    );
    writeFileSync(join(dir, 'boom.mjs'), "export default () => {\n  throw new TypeError('boom');\n};\n");
    writeFileSync(
      join(dir, '.mcpdesc.yaml'),
      'functions: { boom: ./boom.mjs }\nrules:\n  r: { description: d, severity: error, given: Tool, then: { function: boom } }\n',
    );
    const result = runCli(['lint', 'weather.mcpdesc.yaml'], { cwd: dir });
    expect(result.stderr).toBe(
      'mcpdesc: rule r (function boom) failed at weather.mcpdesc.yaml#/tools/0: boom (run with --debug for its stack)\n',
    );
    expect(result.code).toBe(2);
    const debug = runCli(['lint', 'weather.mcpdesc.yaml', '--debug'], { cwd: dir });
    expect(debug.stderr).toMatch(/^mcpdesc: rule r .*: boom\nTypeError: boom\n\s+at .*boom\.mjs:2:/);
  });
});
