/**
 * For `check`: the live document completed with what only a description can say. A server reports
 * its primitives' wire fields (name, schemas, annotations, descriptions...); examples, tags,
 * elicitations, client requirements, security, `deprecated`, `x-*` extensions, the tag catalogue,
 * components and the transports exist only in the description. Copied onto the live side, they
 * compare equal, so the diff judges exactly what the server can break. An example the live schema
 * no longer accepts is then reported by the diff's own example rules.
 */
import { IDENTITY_FIELD } from '../model/identity.js';
import { PRIMITIVE_COLLECTIONS } from '../model/scopes.js';
import { deepClone, isJsonObject, type JsonObject, setOwn } from '../util/json.js';
import { DUMPED_ROOT_FIELDS, WIRE_FIELDS, WIRE_INFO_FIELDS } from './document.js';

/**
 * `live` (a dump, one revision) completed from `view`, the description's Effective Protocol View
 * of that revision. Neither input is modified.
 */
export function completeFromDescription(live: JsonObject, view: JsonObject): JsonObject {
  const out = deepClone(live);
  for (const [key, value] of Object.entries(view)) {
    if (!DUMPED_ROOT_FIELDS.has(key)) setOwn(out, key, deepClone(value));
  }
  // How this run reached the server says nothing about the transports the description promises.
  if (view.transports !== undefined) out.transports = deepClone(view.transports);
  else delete out.transports;
  if (isJsonObject(out.info) && isJsonObject(view.info)) {
    for (const [key, value] of Object.entries(view.info))
      if (!WIRE_INFO_FIELDS.has(key)) setOwn(out.info, key, deepClone(value));
  }
  for (const collection of PRIMITIVE_COLLECTIONS) {
    const described = view[collection];
    const current = out[collection];
    if (!Array.isArray(described) || !Array.isArray(current)) continue;
    const identity = IDENTITY_FIELD[collection];
    const byKey = new Map<unknown, JsonObject>();
    for (const declaration of described)
      if (isJsonObject(declaration)) byKey.set(declaration[identity], declaration);
    for (const declaration of current) {
      if (!isJsonObject(declaration)) continue;
      const counterpart = byKey.get(declaration[identity]);
      if (!counterpart) continue;
      for (const [key, value] of Object.entries(counterpart))
        if (!WIRE_FIELDS[collection].has(key) && key !== 'protocolVersions')
          setOwn(declaration, key, deepClone(value));
    }
  }
  return out;
}
