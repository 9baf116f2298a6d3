/**
 * Check-run annotations on head lines. GitHub shows at most 10 error and 10 warning annotations per
 * step (and 50 per job): we emit the most severe first — breaking changes, head files that cannot
 * be read, lint errors; then diff warnings, lint warnings — and cap each level, saying how many
 * were left out. Info changes and info/hint findings are not annotated (they are in the report).
 */
import type { Change } from '../diff/types.js';
import type { Finding } from '../model/finding.js';
import type { FileReport, Report } from './report.js';

export type AnnotationLevel = 'error' | 'warning';

export interface Annotation {
  level: AnnotationLevel;
  title: string;
  message: string;
  /** Absent for a removed file: the annotation then shows on the run, not on a line. */
  file?: string;
  line?: number;
  column?: number;
}

export const ANNOTATION_CAPS: Record<AnnotationLevel, number> = { error: 10, warning: 10 };
/** Per job; one step of ours never reaches it with the caps above, but keep it explicit. */
export const JOB_ANNOTATION_CAP = 50;

interface Ranked {
  annotation: Annotation;
  /** Lower sorts first. */
  rank: number;
}

export interface AnnotationPlan {
  annotations: Annotation[];
  omitted: Record<AnnotationLevel, number>;
}

/** The annotations to print, most severe first, capped per level. */
export function planAnnotations(report: Report): AnnotationPlan {
  const ranked: Ranked[] = [];
  for (const file of report.files) {
    for (const change of file.changes) {
      if (change.level === 'info') continue;
      ranked.push({ annotation: changeAnnotation(file, change), rank: change.level === 'breaking' ? 0 : 2 });
    }
    // Only what the pull request introduces: findings already on base are in the job summary.
    for (const finding of file.newFindings) {
      if (finding.severity !== 'error' && finding.severity !== 'warning') continue;
      ranked.push({
        annotation: findingAnnotation(file, finding),
        rank: finding.severity === 'error' ? 1 : 3,
      });
    }
    for (const problem of file.problems) {
      ranked.push({
        annotation: {
          level: 'error',
          title: 'mcpdesc: analysis failed',
          message: problem,
          file: file.path,
          line: 1,
        },
        rank: 1,
      });
    }
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      compare(a.annotation.file ?? '', b.annotation.file ?? '') ||
      (a.annotation.line ?? 0) - (b.annotation.line ?? 0) ||
      (a.annotation.column ?? 0) - (b.annotation.column ?? 0),
  );
  const used: Record<AnnotationLevel, number> = { error: 0, warning: 0 };
  const omitted: Record<AnnotationLevel, number> = { error: 0, warning: 0 };
  const annotations: Annotation[] = [];
  for (const { annotation } of ranked) {
    const level = annotation.level;
    if (used[level] >= ANNOTATION_CAPS[level] || annotations.length >= JOB_ANNOTATION_CAP) {
      omitted[level] += 1;
      continue;
    }
    used[level] += 1;
    annotations.push(annotation);
  }
  return { annotations, omitted };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function changeAnnotation(file: FileReport, change: Change): Annotation {
  const kind = change.level === 'breaking' ? 'breaking change' : 'warning';
  const revisions = change.revisions.length > 0 ? ` [${change.revisions.join(', ')}]` : '';
  const annotation: Annotation = {
    level: change.level === 'breaking' ? 'error' : 'warning',
    title: `mcpdesc: ${kind} (${change.ruleId})`,
    message: `${change.message}${revisions}`,
  };
  if (file.status === 'removed') return annotation;
  const at = change.after ?? change.before;
  if (change.details?.anchored === true)
    annotation.message += ' (removed; shown at the nearest part that remains)';
  annotation.file = file.path;
  annotation.line = at?.line ?? 1;
  annotation.column = at?.column ?? 1;
  return annotation;
}

function findingAnnotation(file: FileReport, finding: Finding): Annotation {
  return {
    level: finding.severity === 'error' ? 'error' : 'warning',
    title: `mcpdesc lint: ${finding.code}`,
    message: finding.message,
    file: file.path,
    line: finding.location.line,
    column: finding.location.column,
  };
}
