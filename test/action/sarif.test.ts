import { describe, expect, it } from 'vitest';
import { renderSarif } from '../../src/action/sarif.js';
import { sarifSchemaErrors } from '../support/sarif-schema.js';
import { fileReport, finding, report } from './fakes.js';

describe('renderSarif (Action)', () => {
  it('keeps every lint finding, marking the ones the pull request introduces as new', () => {
    const old = finding('warning', 3, { message: 'already on main' });
    const fresh = finding('error', 7, { message: 'introduced here' });
    const sarif = JSON.parse(
      renderSarif(report([fileReport({ findings: [old, fresh], newFindings: [fresh] })]), {
        toolVersion: '1.0.0',
        srcRoot: '/work/repo',
      }),
    ) as { runs: { results: { message: { text: string }; baselineState?: string }[] }[] };
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(sarif.runs[0]!.results.map((r) => [r.message.text, r.baselineState])).toEqual([
      ['already on main', 'unchanged'],
      ['introduced here', 'new'],
    ]);
  });
});
