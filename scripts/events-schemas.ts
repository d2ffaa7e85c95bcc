// Writes docs/events/<type>.schema.json from the event payloads' zod schemas
// (src/server/events/payloads.ts). A test fails when the committed files differ: run
// `npm run events:schemas` after changing a payload.
import fs from "node:fs";
import { EVENT_SCHEMAS_DIR, eventSchemaFiles } from "../src/server/events/json-schemas";

fs.mkdirSync(EVENT_SCHEMAS_DIR, { recursive: true });
const files = eventSchemaFiles();
for (const [file, content] of files) fs.writeFileSync(file, content);
console.log(`${files.size} event schemas written to ${EVENT_SCHEMAS_DIR}/`);
