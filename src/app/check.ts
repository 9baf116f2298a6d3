/**
 * The check task (`mcpdesc check`): a description compared with the running server it describes.
 * The description is loaded (a 0.7.0 one migrated in memory) and validated before any server is
 * started; the revision to ask for is chosen (the one named, else the newest the description and
 * the client share); the server's answers are validated as dumped, completed from the
 * description's view of the revision the server answered with, and diffed: the description old,
 * the server new. The CLI prints notes, findings and the diff report.
 */
import type { DiffResult } from '../diff/types.js';
import type { LoadedDocument } from '../parse/index.js';
import type { AppContext } from './context.js';
import { compareSides, type SideValidation, validateDiffSides } from './diff.js';
import { UsageError } from './errors.js';
import { clientRevisions, type LiveServerOptions, resolveLiveServer, type SessionRunner } from './live.js';
import type { SchemaSemantics } from './schema-semantics.js';

export interface CheckServerOptions extends AppContext, LiveServerOptions {
  /** Runs the session (the CLI's ends the server on an interrupt). */
  runSession: SessionRunner;
  /** The MCP revision to ask for and compare in (default: the newest both sides speak). */
  protocolVersion?: string;
  /** Validate the description and the server's answers first (default true). */
  validate?: boolean;
  /** Path of a diff ignore file. */
  ignore?: string;
  schemaSemantics?: SchemaSemantics;
  /** Notes always shown: a migrated description, a server answering in another revision. */
  onNote?: (line: string) => void;
  /** Details shown on request (`--verbose`): values not recorded, what the dump leaves out. */
  onDetail?: (line: string) => void;
  /** Each validation as it happens (the description first, then the server's answers). */
  onValidation?: (files: readonly SideValidation[]) => void;
}

export type CheckRun =
  /** A validation found errors (see onValidation): the run stops (exit 2). */
  | { kind: 'invalid'; invalid: SideValidation[] }
  | { kind: 'compared'; result: DiffResult; old: LoadedDocument; new: LoadedDocument };

/** Throws UsageError, LoadError or MigrationError (PositionedErrors) as the diff task does. */
export async function checkServer(
  descriptionSpec: string,
  operands: readonly string[],
  options: CheckServerOptions,
): Promise<CheckRun> {
  const [
    { describeLoaded },
    { describeSurface },
    { completeFromDescription },
    { projectView },
    { rootVersions },
    { sortVersions, isProtocolVersion, PROTOCOL_VERSIONS },
    { serialize },
    { loadDocument, loadSource },
  ] = await Promise.all([
    import('../migrate/load.js'),
    import('../live/document.js'),
    import('../live/overlay.js'),
    import('../model/project.js'),
    import('../model/scopes.js'),
    import('../model/versions.js'),
    import('../model/serialize.js'),
    import('../parse/index.js'),
  ]);
  const limits = options.limits ? { limits: options.limits } : {};
  const validated = (docs: readonly LoadedDocument[]): SideValidation[] | undefined => {
    if (options.validate === false) return undefined;
    const files = validateDiffSides(docs);
    options.onValidation?.(files);
    const invalid = files.filter((f) => !f.valid);
    return invalid.length > 0 ? invalid : undefined;
  };
  if (options.protocolVersion !== undefined && !isProtocolVersion(options.protocolVersion))
    throw new UsageError(
      `--protocol-version ${options.protocolVersion} is not an MCP revision mcpdesc 0.8.0 knows (${PROTOCOL_VERSIONS.join(', ')})`,
    );
  const server = await resolveLiveServer(operands, options);

  // The description first: a broken one is reported before any server is started.
  const loaded = await loadSource(descriptionSpec, limits);
  const asRead = describeLoaded(loaded);
  if (asRead.migratedFrom) options.onNote?.(`${loaded.file} is mcpdesc 0.7.0; checked as migrated to 0.8.0`);
  const description = asRead.document;
  const descriptionInvalid = validated([description]);
  if (descriptionInvalid) return { kind: 'invalid', invalid: descriptionInvalid };
  const described = rootVersions(description.value);

  // The revision asked for: the one named, or the newest the description and the client share.
  const speakable = await clientRevisions();
  let requested: string | undefined = options.protocolVersion;
  if (requested !== undefined) {
    if (!described.includes(requested))
      throw new UsageError(
        `${description.file} does not describe MCP ${requested} (${described.join(', ')})`,
      );
    if (!speakable.includes(requested))
      throw new UsageError(`the MCP client cannot ask for ${requested} (${speakable.join(', ')})`);
  } else {
    requested = sortVersions(described.filter((v) => speakable.includes(v))).at(-1) as string | undefined;
    if (requested === undefined)
      throw new UsageError(
        `${description.file} describes ${described.join(', ')}; the MCP client speaks ${speakable.join(', ')}`,
      );
  }

  for (const warning of server.warnings) options.onDetail?.(warning);
  const surface = await options.runSession(server.target, requested);
  const dumped = describeSurface(surface, server.recorded);
  for (const note of dumped.notes) options.onDetail?.(note);
  const liveName = server.name;
  // The server's answers are untrusted input: bounded by the run's limits, as any document is.
  const asDocument = (value: Parameters<typeof serialize>[0]) =>
    loadDocument(serialize(value, 'json'), { file: liveName, format: 'json', ...limits });
  const liveInvalid = options.validate === false ? undefined : validated([asDocument(dumped.document)]);
  if (liveInvalid) return { kind: 'invalid', invalid: liveInvalid };
  const negotiated = surface.protocolVersion;
  if (negotiated !== requested)
    options.onNote?.(`asked for MCP ${requested}, the server answered with ${negotiated}`);
  // Compared in the revision asked for: a server that does not speak it has removed it.
  const live = described.includes(negotiated)
    ? completeFromDescription(dumped.document, projectView(description.value, negotiated, { share: true }))
    : dumped.document;
  const liveDocument = asDocument(live);
  const result = await compareSides(
    { old: description, new: liveDocument },
    {
      ...(options.limits ? { limits: options.limits } : {}),
      specs: [descriptionSpec, liveName],
      protocolVersion: requested,
      ...(options.ignore !== undefined ? { ignore: options.ignore } : {}),
      ...(options.schemaSemantics !== undefined ? { schemaSemantics: options.schemaSemantics } : {}),
    },
  );
  return { kind: 'compared', result, old: description, new: liveDocument };
}
