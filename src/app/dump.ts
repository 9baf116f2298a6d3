/**
 * The dump task (`mcpdesc dump`): the revision asked for checked against the client's, the server
 * named, one session run, its answers written as an mcpdesc 0.8.0 document in the format asked for,
 * and that text validated as written (so findings point at lines of the output). The CLI prints the
 * notes and findings and writes the text.
 */
import type { Finding } from '../model/finding.js';
import type { DocumentFormat } from '../parse/index.js';
import type { AppContext } from './context.js';
import { UsageError } from './errors.js';
import { clientRevisions, type LiveServerOptions, resolveLiveServer, type SessionRunner } from './live.js';

export interface DumpServerOptions extends AppContext, LiveServerOptions {
  /** Runs the session (the CLI's ends the server on an interrupt). */
  runSession: SessionRunner;
  /** The MCP revision to ask for (default: the client's newest). */
  protocolVersion?: string;
  /** Where the text goes: names the document in findings, and `.json` picks JSON by default. */
  outputName: string;
  format?: DocumentFormat;
  /** Validate the text (default true). */
  validate?: boolean;
  /** Values used but not recorded, before the session starts. */
  onWarning?: (line: string) => void;
  /** What the document leaves out of the server's answers. */
  onNote?: (line: string) => void;
}

export interface DumpRun {
  text: string;
  format: DocumentFormat;
  /** The validation of `text` (absent with `validate: false`). */
  validation?: { file: string; findings: Finding[]; valid: boolean };
}

/** Throws UsageError for a revision or server the client cannot use. */
export async function dumpServer(operands: readonly string[], options: DumpServerOptions): Promise<DumpRun> {
  const [{ describeSurface }, { serialize }] = await Promise.all([
    import('../live/document.js'),
    import('../model/serialize.js'),
  ]);
  if (options.protocolVersion !== undefined) {
    const known = await clientRevisions();
    if (!known.includes(options.protocolVersion))
      throw new UsageError(
        `--protocol-version ${options.protocolVersion} is not a revision the MCP client can ask for (${known.join(', ')})`,
      );
  }
  const server = await resolveLiveServer(operands, options);
  for (const warning of server.warnings) options.onWarning?.(warning);
  const surface = await options.runSession(server.target, options.protocolVersion);
  const { document, notes } = describeSurface(surface, server.recorded);
  for (const note of notes) options.onNote?.(note);
  const name = options.outputName;
  const format = options.format ?? (/\.json$/i.test(name) ? 'json' : 'yaml');
  const text = serialize(document, format);
  if (options.validate === false) return { text, format };
  const [{ validateDocument }, { loadDocument }] = await Promise.all([
    import('../validate/index.js'),
    import('../parse/index.js'),
  ]);
  const loaded = loadDocument(text, {
    file: name,
    format,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const result = validateDocument(loaded);
  return { text, format, validation: { file: name, findings: result.findings, valid: result.valid } };
}
