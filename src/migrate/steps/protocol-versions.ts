/**
 * Step: protocol coverage. `info.protocolVersion` moves to the required root `protocolVersions`
 * (placed right after `info`). The migration never invents a revision: an explicit
 * `--protocol-version` must agree with the source, `--default-protocol-version` is used only when
 * the source has none (reported as a default), and with neither the author must decide.
 */
import { isProtocolVersion, PROTOCOL_VERSIONS } from '../../model/versions.js';
import { isJsonObject, type JsonObject } from '../../util/json.js';
import { entry, type ReportEntry } from '../report.js';
import type { PointerMove, StepOptions, StepResult } from './types.js';
import { describe, withKey, withoutKey } from './util.js';

const SUPPORTED = PROTOCOL_VERSIONS.join(', ');

export function migrateProtocolVersions(doc: JsonObject, options: StepOptions): StepResult {
  const entries: ReportEntry[] = [];
  const moves: PointerMove[] = [];
  const info = isJsonObject(doc.info) ? doc.info : undefined;
  const hasSource = info !== undefined && Object.hasOwn(info, 'protocolVersion');
  const fromSource = hasSource ? info.protocolVersion : undefined;
  let value = doc;
  if (info && hasSource) {
    value = withKey(value, 'info', withoutKey(info, 'protocolVersion'));
  }

  for (const [flag, given] of [
    ['--protocol-version', options.protocolVersion],
    ['--default-protocol-version', options.defaultProtocolVersion],
  ] as const) {
    if (given !== undefined && !isProtocolVersion(given)) {
      entries.push(
        entry(
          'decision',
          'protocol-version-unsupported',
          `${flag} ${describe(given)} is not an MCP revision mcpdesc 0.8.0 can describe (${SUPPORTED})`,
        ),
      );
      return { value, entries, moves };
    }
  }

  let chosen: string | undefined;
  if (hasSource) {
    if (!isProtocolVersion(fromSource)) {
      entries.push(
        entry(
          'decision',
          'protocol-version-unsupported',
          `info.protocolVersion ${describe(fromSource)} is not an MCP revision mcpdesc 0.8.0 can describe (${SUPPORTED}); give the right one with --protocol-version`,
          '/info/protocolVersion',
        ),
      );
      return { value, entries, moves };
    }
    if (options.protocolVersion !== undefined && options.protocolVersion !== fromSource) {
      entries.push(
        entry(
          'decision',
          'protocol-version-conflict',
          `--protocol-version ${options.protocolVersion} disagrees with info.protocolVersion ${fromSource}: correct the source or the option`,
          '/info/protocolVersion',
        ),
      );
      return { value, entries, moves };
    }
    chosen = fromSource;
    entries.push(
      entry(
        'change',
        'protocol-version-moved',
        `info.protocolVersion "${fromSource}" moved to root protocolVersions ["${fromSource}"]`,
        '/info/protocolVersion',
        '/protocolVersions',
      ),
    );
    moves.push({ result: '/protocolVersions/0', source: '/info/protocolVersion' });
    moves.push({ result: '/protocolVersions', source: '/info/protocolVersion' });
  } else if (options.protocolVersion !== undefined) {
    chosen = options.protocolVersion;
    entries.push(
      entry(
        'change',
        'protocol-version-given',
        `root protocolVersions ["${chosen}"] from --protocol-version (the source has no info.protocolVersion)`,
        '/info',
        '/protocolVersions',
      ),
    );
  } else if (options.defaultProtocolVersion !== undefined) {
    chosen = options.defaultProtocolVersion;
    entries.push(
      entry(
        'default',
        'protocol-version-default',
        `the source has no info.protocolVersion; root protocolVersions ["${chosen}"] comes from --default-protocol-version: check that the server really implements it`,
        '/info',
        '/protocolVersions',
      ),
    );
  } else {
    entries.push(
      entry(
        'decision',
        'protocol-version-missing',
        'the source has no info.protocolVersion and 0.8.0 requires root protocolVersions: give the MCP revision the server implements with --protocol-version (or --default-protocol-version)',
        '/info',
      ),
    );
    return { value, entries, moves };
  }
  value = withKey(value, 'protocolVersions', [chosen], { after: ['info'] });
  return { value, entries, moves };
}
