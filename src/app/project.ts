/**
 * The project task (`mcpdesc project`, spec §4.12): a document's Effective Protocol View of one
 * revision, with the source and the view validated (steps 1 and 8) unless asked not to.
 */
import type { Finding } from '../model/finding.js';
import { ProjectionError, projectView } from '../model/project.js';
import { type DocumentFormat, loadSource } from '../parse/index.js';
import type { JsonValue } from '../util/json.js';
import { validateDocument } from '../validate/index.js';
import type { AppContext } from './context.js';
import { UsageError } from './errors.js';

export interface ProjectOptions extends AppContext {
  protocolVersion: string;
  /** Validate the source and the view (default true). */
  validate?: boolean;
}

export type ProjectRun =
  | { ok: true; view: JsonValue; format: DocumentFormat }
  /** The source (`stage: 'source'`) or the view is invalid: nothing to write. */
  | { ok: false; stage: 'source' | 'view'; file: string; findings: readonly Finding[] };

export async function projectFile(spec: string, options: ProjectOptions): Promise<ProjectRun> {
  const loaded = await loadSource(spec, options.limits ? { limits: options.limits } : {});
  const validate = options.validate !== false;
  if (validate) {
    // A projection of an invalid document would be a guess: refuse it, like every other command.
    const result = validateDocument(loaded);
    if (!result.valid) return { ok: false, stage: 'source', file: loaded.file, findings: result.findings };
  }
  let view: JsonValue;
  try {
    view = projectView(loaded.value, options.protocolVersion);
  } catch (error) {
    if (error instanceof ProjectionError) throw new UsageError(`${loaded.file}: ${error.message}`);
    throw error;
  }
  if (validate) {
    const file = `${loaded.file} (view ${options.protocolVersion})`;
    const result = validateDocument({ value: view, file });
    if (!result.valid) return { ok: false, stage: 'view', file, findings: result.findings };
  }
  return { ok: true, view, format: loaded.format };
}
