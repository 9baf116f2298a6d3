/** Elicitation Declarations (spec §12): names, modes per revision, restricted form schemas. */
import type { ProtocolVersion } from '../../model/versions.js';
import type { JsonValue } from '../../util/json.js';
import { toPointer } from '../../util/pointer.js';
import {
  arr,
  type Ctx,
  entries,
  has,
  isObject,
  list,
  obj,
  type Primitive,
  type Segment,
} from '../context.js';

function checkForm(
  ctx: Ctx,
  schema: JsonValue | undefined,
  v2025_06: boolean,
  path: Segment[],
  where: string,
): void {
  if (!isObject(schema) || has(schema, '$componentRef')) return;
  if (v2025_06 && has(schema, '$schema')) {
    ctx.report(
      'elicitation-form-schema-version-mismatch',
      [...path, '$schema'],
      `${where}.$schema is not defined for MCP 2025-06-18`,
    );
  }
  const properties = obj(schema.properties) ?? {};
  arr(schema.required).forEach((name, i) => {
    if (typeof name === 'string' && !Object.hasOwn(properties, name)) {
      ctx.report(
        'elicitation-form-required-property-unknown',
        [...path, 'required', i],
        `${where}.required names ${JSON.stringify(name)}, which is not a declared property`,
        { atKey: false },
      );
    }
  });
  for (const [name, p] of entries(properties)) {
    const property = obj(p);
    if (!property) continue;
    const at = [...path, 'properties', name];
    const label = `${where}.properties.${name}`;
    if (v2025_06) {
      if (property.type === 'array' || has(property, 'oneOf')) {
        ctx.report(
          'elicitation-form-schema-version-mismatch',
          at,
          `${label} uses a titled or multi-select enum, which MCP 2025-06-18 does not define`,
        );
      }
      if (has(property, 'default') && property.type !== 'boolean') {
        ctx.report(
          'elicitation-form-schema-version-mismatch',
          [...at, 'default'],
          `${label}.default is defined only for boolean properties in MCP 2025-06-18`,
        );
      }
    }
    if (
      Array.isArray(property.enumNames) &&
      Array.isArray(property.enum) &&
      property.enumNames.length !== property.enum.length
    ) {
      ctx.report(
        'elicitation-form-enum-names-mismatch',
        [...at, 'enumNames'],
        `${label}.enumNames has ${property.enumNames.length} names for ${property.enum.length} enum values`,
      );
    }
    if (has(property, 'default')) {
      const values = Array.isArray(property.enum)
        ? property.enum
        : Array.isArray(property.oneOf)
          ? property.oneOf.map((o) => obj(o)?.const)
          : undefined;
      if (values && !values.includes(property.default as JsonValue)) {
        ctx.report(
          'elicitation-form-default-outside-enum',
          [...at, 'default'],
          `${label}.default ${JSON.stringify(property.default)} is not one of the declared values`,
        );
      }
      if (property.type === 'array' && Array.isArray(property.default)) {
        const items = obj(property.items);
        const itemValues = Array.isArray(items?.enum)
          ? items.enum
          : Array.isArray(items?.anyOf)
            ? items.anyOf.map((o) => obj(o)?.const)
            : undefined;
        if (itemValues && property.default.some((v) => !itemValues.includes(v))) {
          ctx.report(
            'elicitation-form-default-outside-enum',
            [...at, 'default'],
            `${label}.default contains a value outside the declared item values`,
          );
        }
      }
    }
    for (const [min, max] of [
      ['minLength', 'maxLength'],
      ['minimum', 'maximum'],
      ['minItems', 'maxItems'],
    ] as const) {
      const lo = property[min];
      const hi = property[max];
      if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) {
        ctx.report(
          'elicitation-form-invalid-range',
          [...at, min],
          `${label}.${min} (${lo}) exceeds ${max} (${hi})`,
        );
      }
    }
  }
}

export function checkElicitations(ctx: Ctx): void {
  for (let index = 0; index < ctx.primitives.length; index++) {
    const p = ctx.primitives[index] as Primitive;
    // Most primitives declare none: no name map for them (a catalog has thousands of tools).
    if (!Array.isArray(p.value.elicitations)) continue;
    const names = new Map<string, number>();
    p.value.elicitations.forEach((e, i) => {
      const elicitation = obj(e);
      if (!elicitation) return;
      const path = [...p.path, 'elicitations', i];
      const where = `elicitation ${JSON.stringify(elicitation.name)}`;
      if (typeof elicitation.name === 'string') {
        const first = names.get(elicitation.name);
        if (first !== undefined) {
          ctx.report(
            'duplicate-elicitation-name',
            [...path, 'name'],
            `${where} duplicates the name of elicitations[${first}] in ${p.label}; names are unique within a primitive`,
            {
              atKey: false,
              related: [toPointer([...p.path, 'elicitations', first, 'name'])],
            },
          );
        } else names.set(elicitation.name, i);
      }
      const scope: ProtocolVersion[] = ctx.scopeOf(elicitation, p.scope);
      if (elicitation.mode === 'url') {
        const early = scope.filter((v) => v === '2025-06-18');
        if (early.length > 0) {
          ctx.report(
            'elicitation-mode-not-supported-by-version',
            [...path, 'mode'],
            `${where} uses URL mode, which MCP ${list(early)} does not define (form mode only; URL mode requires 2025-11-25 or later)`,
            { atKey: false },
          );
        }
      }
      if (
        elicitation.mode === 'form' &&
        scope.some((v) => v === '2025-06-18' || v === '2025-11-25' || v === '2026-07-28')
      ) {
        checkForm(
          ctx,
          elicitation.requestedSchema,
          scope.includes('2025-06-18'),
          [...path, 'requestedSchema'],
          `${where}.requestedSchema`,
        );
      }
    });
  }
}
