import { EVENT_TYPES } from "../../shared/events";
import { eventPayloadJsonSchema } from "./payloads";

/** The folder the event payloads' JSON Schemas are committed in. */
export const EVENT_SCHEMAS_DIR = "docs/events";

/**
 * docs/events/<type>.schema.json for every event type, generated from the zod schemas
 * (payloads.ts) with zod 4's `z.toJSONSchema`: `npm run events:schemas` writes them and
 * tests/unit/drift.test.ts fails when the committed files differ.
 */
export function eventSchemaFiles(): Map<string, string> {
  return new Map(EVENT_TYPES.map((type) => [`${EVENT_SCHEMAS_DIR}/${type}.schema.json`, `${JSON.stringify(eventPayloadJsonSchema(type), null, 2)}\n`]));
}
