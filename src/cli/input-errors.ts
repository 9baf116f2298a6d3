import { MigrationError } from '../migrate/load.js';
import { LoadError } from '../parse/errors.js';
import { showControlsInLine } from '../report/controls.js';
import type { FileFindings } from '../report/stylish.js';
import { formatError } from './errors.js';
import { stderr } from './streams.js';

/**
 * For commands that report on many files (validate, lint): an input that cannot be read or migrated
 * is printed as one line on stderr and becomes a report entry, so the other files are still checked.
 * Any other error is not an input problem and is rethrown.
 */
export function unreadableEntry(error: unknown, spec: string): FileFindings {
  if (error instanceof MigrationError) {
    stderr().write(`${showControlsInLine(`mcpdesc: ${error.format()}`)}\n`);
    const { message, line, column } = error;
    return { file: error.file, findings: [], loadError: { code: 'migration', message, line, column } };
  }
  if (error instanceof LoadError) {
    stderr().write(`${formatError(error, false)}\n`);
    const { code, message, line, column } = error;
    return { file: error.file || spec, findings: [], loadError: { code, message, line, column } };
  }
  throw error;
}
