/**
 * Step: Tool input schemas. Every 0.8.0 Tool requires an object-rooted `inputSchema`; 0.7.0 made it
 * optional and did not require `type: "object"`. The migration never supplies one: an omitted
 * schema does not say whether the parameters are unknown or absent, so each such Tool is a
 * decision for the author (migration guide, "Tool input schemas"). Present schemas are copied
 * unchanged, with every keyword, whatever the dialect.
 */
import { isJsonObject, type JsonObject } from '../../util/json.js';
import { appendPointer } from '../../util/pointer.js';
import { entry, type ReportEntry } from '../report.js';
import type { StepResult } from './types.js';

export function checkInputSchemas(doc: JsonObject): StepResult {
  const entries: ReportEntry[] = [];
  const tools = doc.tools;
  if (!Array.isArray(tools)) return { value: doc, entries, moves: [] };
  tools.forEach((tool, index) => {
    if (!isJsonObject(tool)) return;
    const at = appendPointer('/tools', index);
    const name = typeof tool.name === 'string' ? tool.name : `#${index}`;
    if (!Object.hasOwn(tool, 'inputSchema')) {
      entries.push(
        entry(
          'decision',
          'tool-input-schema-missing',
          `tool ${JSON.stringify(name)} has no inputSchema, which 0.8.0 requires. The migration does not guess: add the real schema, or { type: object, additionalProperties: false } only if you confirm the tool takes no parameters`,
          at,
          at,
        ),
      );
      return;
    }
    const schema = tool.inputSchema;
    if (!isJsonObject(schema) || schema.type !== 'object') {
      const schemaAt = appendPointer(at, 'inputSchema');
      const what = isJsonObject(schema)
        ? Object.hasOwn(schema, 'type')
          ? `has type ${JSON.stringify(schema.type)}`
          : 'has no type'
        : 'is not an object';
      entries.push(
        entry(
          'decision',
          'tool-input-schema-not-object',
          `the inputSchema of tool ${JSON.stringify(name)} ${what}; 0.8.0 requires an object-rooted schema (type: object). The migration does not rewrite it: check what the tool accepts`,
          schemaAt,
          schemaAt,
        ),
      );
    }
  });
  return { value: doc, entries, moves: [] };
}
