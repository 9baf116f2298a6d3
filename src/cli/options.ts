import { InvalidArgumentError, Option } from 'commander';
import type { AppContext } from '../app/context.js';
import type { Limits } from '../parse/limits.js';
import { UsageError } from './errors.js';

/** `--format` with a closed set of choices (commander reports a wrong value as a usage error). */
export function formatOption<T extends string>(choices: readonly T[], defaultValue?: T): Option {
  const option = new Option('--format <format>', `output format (${choices.join(', ')})`).choices(choices);
  return defaultValue === undefined ? option : option.default(defaultValue);
}

export function requireOneOf<T extends string>(value: string, choices: readonly T[], what: string): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${what} must be one of ${choices.join(', ')}, got ${JSON.stringify(value)}`);
}

export function parseLimitOption(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new UsageError(`expected a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

/** The same check as an option parser: commander turns the error into a usage message and exit 2. */
export function limitArgument(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer.');
  return n;
}

/** Option parser for a repeatable option (`-f stylish -f sarif:out.sarif`). */
/** The app layer's context from the global options (`--max-bytes`, `--max-depth`, ...). */
export function appContext(globals: Record<string, unknown>): AppContext {
  const limits: Partial<Limits> = {};
  for (const key of ['maxBytes', 'maxDepth', 'maxNodes', 'maxScalarLength'] as const)
    if (typeof globals[key] === 'number') limits[key] = globals[key];
  return Object.keys(limits).length > 0 ? { limits } : {};
}

export function collectRepeated(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * Standard input can be read once: a second `-` read nothing and was reported as an empty
 * description (a YAML error) instead of as the usage mistake it is.
 */
export function stdinAtMostOnce(operands: readonly string[]): void {
  const times = operands.filter((operand) => operand === '-').length;
  if (times > 1)
    throw new UsageError(`standard input (-) can be read only once, and is named ${times} times`);
}

/** `--schema-semantics`: no commander default, so that a config file's `schemaSemantics` can apply. */
export function schemaSemanticsOption(): Option {
  return new Option(
    '--schema-semantics <semantics>',
    "how schemas are read as contracts: api (an undeclared property of an open object is not part of the contract) or json-schema (exact accepted set); default: the config file's schemaSemantics, else api (see docs/schema-compat.md)",
  ).choices(['api', 'json-schema']);
}
