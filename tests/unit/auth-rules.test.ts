import { isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../../src/server/graphql/schema";

/** Every root field must say who may call it (see src/server/graphql/builder.ts). */
describe("auth rules", () => {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(isObjectType);
  const fields = roots.flatMap((type) => Object.values(type.getFields()).map((field) => ({ type: type.name, field })));

  it("the schema has root fields to check", () => {
    expect(fields.length).toBeGreaterThan(3);
  });

  it.each(fields.map((f) => [`${f.type}.${f.field.name}`, f.field] as const))("%s declares authScopes", (_name, field) => {
    const options = (field.extensions as { pothosOptions?: { authScopes?: Record<string, unknown> } }).pothosOptions;
    const scopes = options?.authScopes;
    expect(scopes, "add authScopes: { public | signedIn | accountRole } to this field").toBeTypeOf("object");
    expect(Object.keys(scopes!).length).toBeGreaterThan(0);
  });
});
