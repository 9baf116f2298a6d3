import { describe, expect, it } from 'vitest';
import { planAnnotations } from '../../src/action/annotations.js';
import { change, fileReport, finding, report } from './fakes.js';

describe('planAnnotations', () => {
  it('caps errors and warnings at 10 each, most severe first, and counts the rest', () => {
    const changes = [
      ...Array.from({ length: 8 }, (_, i) => change('breaking', 100 + i)),
      ...Array.from({ length: 15 }, (_, i) => change('warning', 200 + i)),
      ...Array.from({ length: 5 }, (_, i) => change('info', 300 + i)),
    ];
    const findings = [
      ...Array.from({ length: 6 }, (_, i) => finding('error', 10 + i)),
      finding('info', 1),
      finding('hint', 2),
    ];
    const plan = planAnnotations(report([fileReport({ changes, findings })]));
    const errors = plan.annotations.filter((a) => a.level === 'error');
    const warnings = plan.annotations.filter((a) => a.level === 'warning');
    expect(errors).toHaveLength(10);
    expect(warnings).toHaveLength(10);
    expect(plan.omitted).toEqual({ error: 4, warning: 5 });
    // all 8 breaking changes come before lint errors
    expect(errors.slice(0, 8).every((a) => a.title.startsWith('mcpdesc: breaking change'))).toBe(true);
    expect(errors.slice(8).map((a) => a.line)).toEqual([10, 11]);
    // info changes and info/hint findings are never annotated
    expect(plan.annotations.some((a) => a.title.includes('rule-info'))).toBe(false);
  });

  it('annotates only the lint findings the pull request introduces', () => {
    const old = finding('error', 3, { message: 'already on main' });
    const fresh = finding('warning', 7, { message: 'introduced here' });
    const plan = planAnnotations(report([fileReport({ findings: [old, fresh], newFindings: [fresh] })]));
    expect(plan.annotations.map((a) => a.message)).toEqual(['introduced here']);
  });

  it('puts removals of whole files on the run and anchored removals on the surviving line', () => {
    const removed = fileReport({
      status: 'removed',
      path: 'gone.mcpdesc.yaml',
      changes: [change('breaking', 1, { ruleId: 'description-removed', message: 'removed' })],
    });
    const anchored = fileReport({
      changes: [
        change('breaking', 9, {
          ruleId: 'tool-removed',
          message: 'tool `x` removed',
          details: { anchored: true },
        }),
      ],
    });
    const plan = planAnnotations(report([removed, anchored]));
    expect(plan.annotations).toEqual([
      {
        level: 'error',
        title: 'mcpdesc: breaking change (description-removed)',
        message: 'removed [2025-11-25]',
      },
      {
        level: 'error',
        title: 'mcpdesc: breaking change (tool-removed)',
        message: 'tool `x` removed [2025-11-25] (removed; shown at the nearest part that remains)',
        file: 'a.mcpdesc.yaml',
        line: 9,
        column: 3,
      },
    ]);
  });
});
