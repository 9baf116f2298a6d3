import type { Command } from 'commander';
import { EXIT_ERROR } from '../exit-codes.js';
import { addLiveOptions, type LiveOptions } from '../live.js';
import { useColor, writeMessage } from '../output.js';
import { action } from '../run.js';
import { addDiffOptions, type DiffCommandOptions, resolveDiffTargets } from './diff.js';

type CheckOptions = LiveOptions & DiffCommandOptions;

export function registerCheck(program: Command): void {
  const check = program
    .command('check')
    .description(
      'check a running MCP server against its description: dump it and diff the description (old) against the server (new); exit 1 when the server breaks the description',
    )
    .argument('<description>', 'the description: a file, - for stdin, or REV:path from git')
    .argument('[command...]', 'the server command and its arguments, after --');
  addDiffOptions(addLiveOptions(check)).action(
    action(async (descriptionSpec: string, operands: string[], options: CheckOptions, command: Command) => {
      const targets = await resolveDiffTargets(options, [descriptionSpec]);
      const [
        { resolveTarget, runSession, clientRevisions },
        { loadInput },
        { describeLoaded },
        { describeSurface },
        { completeFromDescription },
        { projectView },
        { rootVersions },
        { sortVersions, isProtocolVersion, PROTOCOL_VERSIONS },
        { serialize },
        { loadDocument },
        { UsageError },
        { compareLoaded, validateForDiff, writeDiffReport },
      ] = await Promise.all([
        import('../live.js'),
        import('../load-input.js'),
        import('../../migrate/load.js'),
        import('../../live/document.js'),
        import('../../live/overlay.js'),
        import('../../model/project.js'),
        import('../../model/scopes.js'),
        import('../../model/versions.js'),
        import('../../model/serialize.js'),
        import('../../parse/index.js'),
        import('../errors.js'),
        import('./diff.js'),
      ]);
      const color = useColor(command.optsWithGlobals().color as boolean | undefined);
      if (options.protocolVersion !== undefined && !isProtocolVersion(options.protocolVersion))
        throw new UsageError(
          `--protocol-version ${options.protocolVersion} is not an MCP revision mcpdesc 0.8.0 knows (${PROTOCOL_VERSIONS.join(', ')})`,
        );
      const resolved = await resolveTarget(operands, options);

      // The description first: a broken one is reported before any server is started.
      const loaded = await loadInput(descriptionSpec);
      // A MigrationError is a PositionedError: printed as file:line:col, exit 2.
      const asRead = describeLoaded(loaded);
      if (asRead.migratedFrom)
        writeMessage(`mcpdesc: note: ${loaded.file} is mcpdesc 0.7.0; checked as migrated to 0.8.0`);
      const description = asRead.document;
      if (options.validate !== false && !(await validateForDiff([description], color))) return EXIT_ERROR;
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

      for (const warning of resolved.warnings) if (options.verbose) writeMessage(`mcpdesc: note: ${warning}`);
      const surface = await runSession(resolved.target, options, requested);
      const dumped = describeSurface(surface, resolved.recorded);
      if (options.verbose) for (const note of dumped.notes) writeMessage(`mcpdesc: note: ${note}`);
      const liveName = resolved.name;
      if (options.validate !== false) {
        const pure = loadDocument(serialize(dumped.document, 'json'), { file: liveName, format: 'json' });
        if (!(await validateForDiff([pure], color))) return EXIT_ERROR;
      }
      const negotiated = surface.protocolVersion;
      if (negotiated !== requested)
        writeMessage(`mcpdesc: note: asked for MCP ${requested}, the server answered with ${negotiated}`);
      // Compared in the revision asked for: a server that does not speak it has removed it.
      const live = described.includes(negotiated)
        ? completeFromDescription(
            dumped.document,
            projectView(description.value, negotiated, { share: true }),
          )
        : dumped.document;
      const liveDocument = loadDocument(serialize(live, 'json'), { file: liveName, format: 'json' });
      const prepared = await compareLoaded(
        description,
        liveDocument,
        { ...options, protocolVersion: requested, validate: false },
        color,
        [descriptionSpec, liveName],
      );
      if (typeof prepared === 'number') return prepared;
      // SARIF, annotations and JUnit point into the description: the server is not a file.
      return writeDiffReport(prepared, options, color, targets, 'old');
    }),
  );
}
