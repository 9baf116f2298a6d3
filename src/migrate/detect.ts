/** Which mcpdesc format version a decoded document declares. */
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';

export const MCPDESC_070 = '0.7.0';

/** The document's `mcpdesc` value when it is a string, else undefined. */
export function declaredVersion(value: JsonValue | undefined): string | undefined {
  return isJsonObject(value) && typeof value.mcpdesc === 'string' ? value.mcpdesc : undefined;
}

/** True for a document that declares `mcpdesc: 0.7.0` (the only signal: no shape guessing). */
export function isMcpdesc07(value: JsonValue | undefined): value is JsonObject {
  return declaredVersion(value) === MCPDESC_070;
}
