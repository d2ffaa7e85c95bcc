// Prints the GraphQL schema (SDL) to schema.graphql at the repository root. A test fails when the
// committed file differs from what the code defines: run `npm run schema:print` after a change.
import fs from "node:fs";
import { printSchema } from "graphql";
import { schema } from "../src/server/graphql/schema";

fs.writeFileSync("schema.graphql", `${printSchema(schema)}\n`);
console.log("schema.graphql written");
