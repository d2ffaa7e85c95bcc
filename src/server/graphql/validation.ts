import type { z } from "zod";
import { AppError } from "../errors";

/**
 * Validates GraphQL input with a shared zod schema. Failures become BAD_USER_INPUT with a
 * translated message per field (the schemas' messages are translation keys).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, { key: string }> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".") || "input";
    fields[path] ??= { key: issue.message.includes(":") ? issue.message : "api:invalidInput" };
  }
  const first = Object.values(fields)[0];
  throw new AppError("BAD_USER_INPUT", first?.key ?? "api:invalidInput", {}, fields);
}
