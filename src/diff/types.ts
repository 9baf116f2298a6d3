import type { PrimitiveKind } from '../model/identity.js';
import type { JsonValue } from '../util/json.js';
import type { Location } from '../util/location.js';

/**
 * breaking = a client or agent that followed the old description can now fail;
 * warning  = cannot be decided statically, or breaks some clients only;
 * info     = compatible.
 */
export type ChangeLevel = 'breaking' | 'warning' | 'info';

export const LEVELS: readonly ChangeLevel[] = ['breaking', 'warning', 'info'];

export const LEVEL_RANK: Record<ChangeLevel, number> = { breaking: 3, warning: 2, info: 1 };

/** What a change is about. Primitive keys are identity keys (name, uri, uriTemplate). */
export type SubjectKind =
  | 'document'
  | 'info'
  | PrimitiveKind
  | 'transport'
  | 'capabilities'
  | 'security'
  | 'securityScheme'
  | 'tag'
  | 'component';

export interface Subject {
  kind: SubjectKind;
  key: string;
}

/** One classified change between two descriptions: the single result type of `diff`. */
export interface Change {
  ruleId: string;
  level: ChangeLevel;
  message: string;
  subject: Subject;
  /** MCP revisions the change affects, oldest first. */
  revisions: string[];
  /** Where the changed thing sits in the old document (original pointer, not the resolved one). */
  before?: Location;
  /** Where it sits in the new document. */
  after?: Location;
  /** Stable id (sha256, 12 hex): rule id + subject + semantic path; independent of file names and lines. */
  fingerprint: string;
  details?: Record<string, JsonValue>;
  /**
   * Set when the change lies inside a component that several declarations reach through
   * `$componentRef` (`#/components/schemas/In`): it is reported once, with subject `component`,
   * and `affected` lists the declarations.
   */
  via?: string;
  affected?: AffectedSubject[];
}

/** A declaration a shared-component change reaches, with what its own change would have been. */
export interface AffectedSubject {
  kind: SubjectKind;
  key: string;
  revisions: string[];
  /** The fingerprint the change has when reported for this declaration alone (ignore files may name it). */
  fingerprint: string;
}

export interface DiffSummary {
  breaking: number;
  warning: number;
  info: number;
  total: number;
  /** Changes suppressed by an ignore file. */
  ignored: number;
  /** Root revisions of each side and the revisions compared. */
  revisions: { old: string[]; new: string[]; compared: string[] };
}

export interface DiffNote {
  kind: 'ignore-expired' | 'ignore-unused' | 'schema-engine-missing' | 'rename-hints-limited';
  message: string;
}

export interface DiffResult {
  changes: Change[];
  summary: DiffSummary;
  notes: DiffNote[];
}
