/** Config `ignore` entries past their `expires` date. */
import type { Finding, Severity } from '../model/finding.js';
import type { ResolvedConfig } from './config.js';

export function isExpired(expires: string | undefined, now: Date): boolean {
  if (!expires) return false;
  return now.getTime() >= Date.parse(`${expires}T00:00:00Z`) + 86_400_000;
}

/** One finding per config `ignore` entry past its `expires` date (it no longer applies). */
export function expiredIgnoreFindings(config: ResolvedConfig, now = new Date()): Finding[] {
  return config.ignores
    .filter((entry) => isExpired(entry.expires, now))
    .map((entry) => ({
      code: 'lint-ignore-expired',
      severity: 'warning' as Severity,
      message: `ignore entry for ${entry.rules.join(', ')} expired on ${entry.expires} and no longer applies (reason was: ${entry.reason})`,
      location: { ...entry.location },
    }));
}
