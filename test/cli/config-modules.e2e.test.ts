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
});
