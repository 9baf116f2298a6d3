import type { FailOn } from './inputs.js';
import type { Report } from './report.js';

export interface Verdict {
  failed: boolean;
  reason?: string;
}

/**
 * Whether the step fails under `fail-on`. Lint errors and failed analyses count at the `breaking`
 * threshold, lint warnings at `warning`, lint info and hints at `info`.
 */
export function decide(report: Report, failOn: FailOn): Verdict {
  if (failOn === 'none') return { failed: false };
  const c = report.counts;
  const problems = report.files.filter((f) => f.problems.length > 0).length;
  const reasons: string[] = [];
  if (c.breaking > 0) reasons.push(`${c.breaking} breaking change${c.breaking === 1 ? '' : 's'}`);
  if (c.lintError > 0) reasons.push(`${c.lintError} lint error${c.lintError === 1 ? '' : 's'}`);
  if (problems > 0) reasons.push(`analysis failed for ${problems} file${problems === 1 ? '' : 's'}`);
  if (failOn === 'warning' || failOn === 'info') {
    if (c.warning > 0) reasons.push(`${c.warning} warning${c.warning === 1 ? '' : 's'}`);
    if (c.lintWarning > 0) reasons.push(`${c.lintWarning} lint warning${c.lintWarning === 1 ? '' : 's'}`);
  }
  if (failOn === 'info') {
    if (c.info > 0) reasons.push(`${c.info} info change${c.info === 1 ? '' : 's'}`);
    if (c.lintInfo > 0) reasons.push(`${c.lintInfo} lint info finding${c.lintInfo === 1 ? '' : 's'}`);
  }
  if (reasons.length === 0) return { failed: false };
  return { failed: true, reason: `fail-on: ${failOn} — ${reasons.join(', ')}` };
}
