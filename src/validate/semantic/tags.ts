/** Tag catalogue and tag references (spec §13). */
import { toPointer } from '../../util/pointer.js';
import { arr, type Ctx, obj, type Primitive } from '../context.js';

export function checkTags(ctx: Ctx): void {
  const declared = new Map<string, number>();
  arr(ctx.doc.tags).forEach((t, i) => {
    const name = obj(t)?.name;
    if (typeof name !== 'string') return;
    const first = declared.get(name);
    if (first !== undefined) {
      ctx.report(
        'duplicate-root-tag',
        ['tags', i, 'name'],
        `root tag ${JSON.stringify(name)} is declared twice; tag names must be unique`,
        {
          atKey: false,
          related: [toPointer(['tags', first, 'name'])],
        },
      );
    } else declared.set(name, i);
  });
  if (!Array.isArray(ctx.doc.tags)) return; // without a catalogue, per-entity tags are free strings
  for (let index = 0; index < ctx.primitives.length; index++) {
    const p = ctx.primitives[index] as Primitive;
    arr(p.value.tags).forEach((tag, i) => {
      if (typeof tag === 'string' && !declared.has(tag)) {
        ctx.report(
          'unknown-tag-reference',
          [...p.path, 'tags', i],
          `${p.label} references tag ${JSON.stringify(tag)}, which the root tags catalogue does not declare`,
          {
            atKey: false,
          },
        );
      }
    });
  }
}
