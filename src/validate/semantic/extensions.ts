/**
 * Reserved extension identifiers (spec §8.4, §8.5): identifiers under an MCP-reserved prefix
 * (`*.modelcontextprotocol/*`, `*.mcp/*`) that the toolkit's catalogue does not know are warned about.
 * Malformed identifiers fail the structural schema (`invalid-extension-identifier`).
 */
import {
  arr,
  type Ctx,
  EXTENSION_CATALOGUE,
  obj,
  type Primitive,
  type Segment,
  usesReservedPrefix,
} from '../context.js';

function checkMap(ctx: Ctx, map: unknown, path: Segment[], where: string): void {
  for (const identifier of Object.keys(obj(map as never) ?? {})) {
    if (usesReservedPrefix(identifier) && !EXTENSION_CATALOGUE.has(identifier)) {
      ctx.report(
        'unknown-reserved-extension-identifier',
        [...path, identifier],
        `${where} contains unrecognized identifier ${JSON.stringify(identifier)} under an MCP-reserved prefix; it is preserved, review its authority`,
      );
    }
  }
}

export function checkExtensionIdentifiers(ctx: Ctx): void {
  arr(ctx.doc.capabilities).forEach((c, i) => {
    checkMap(ctx, obj(c)?.extensions, ['capabilities', i, 'extensions'], `capabilities[${i}].extensions`);
  });
  for (let index = 0; index < ctx.primitives.length; index++) {
    const p = ctx.primitives[index] as Primitive;
    const requirements = obj(p.value.clientRequirements);
    if (requirements)
      checkMap(
        ctx,
        requirements.extensions,
        [...p.path, 'clientRequirements', 'extensions'],
        `${p.label} clientRequirements.extensions`,
      );
  }
}
