import type { Location } from '../util/location.js';

/** Severity of a validate or lint finding (ESLint/Spectral vocabulary). */
export type Severity = 'error' | 'warning' | 'info' | 'hint';

export const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1, hint: 0 };

/**
 * One diagnostic from `validate` or `lint`. `code` is the reference validator's code where one exists
 * (e.g. `primitive-scope-overlap`), or the lint rule id.
 */
export interface Finding {
  code: string;
  severity: Severity;
  message: string;
  location: Location;
  /** Other places that explain the finding, e.g. the use site of a component whose value is at fault. */
  related?: Location[];
}
