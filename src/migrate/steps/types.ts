import type { JsonObject } from '../../util/json.js';
import type { ReportEntry } from '../report.js';

/**
 * A pointer prefix of the result that came from a different place in the source: the result's
 * `/capabilities/0` is the source's `/capabilities`. Pointers with no move map to themselves.
 */
export interface PointerMove {
  result: string;
  source: string;
}

export interface StepOptions {
  /** Authoritative MCP revision for root `protocolVersions` (must agree with `info.protocolVersion`). */
  protocolVersion?: string;
  /** Revision used only when the source has none; reported as a default. */
  defaultProtocolVersion?: string;
  /** Emit `$schema` with the canonical 0.8.0 URI. */
  emitSchema?: boolean;
  /**
   * Named schemes of a 0.8.0 document this one will be compared with: a generated scheme equal to
   * one of them takes its name, so a diff does not report a format-only rename.
   */
  preferSchemeNames?: JsonObject;
}

/** What a step returns: a new document (the input is never mutated), report entries, pointer moves. */
export interface StepResult {
  value: JsonObject;
  entries: ReportEntry[];
  moves: PointerMove[];
}

export type Step = (doc: JsonObject, options: StepOptions) => StepResult;
