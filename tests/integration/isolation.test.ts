import { isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../src/server/graphql/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";

/**
 * Account isolation: every account-scoped operation, called by a user of account B with
 * B's session and A's ids or A's Account header, must be refused. Each later issue adds its
 * operations to OPERATIONS; the last test fails when the schema has an account-scoped root
 * field that is not listed here.
 */
type Ids = { accountId: string };
type Operation = { query: string; variables?: (victim: Ids) => Record<string, unknown> };

const OPERATIONS: Record<string, Operation> = {
  "Query.account": { query: "{ account { id name } }" },
};

let t: TestApp;
let victim: SignedIn;
let attacker: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  victim = await signUp(t, { company: "Victim Ltd" });
  attacker = await signUp(t, { company: "Attacker Ltd" });
});
afterAll(async () => {
  await t.close();
});

describe("account isolation", () => {
  const cases = Object.entries(OPERATIONS);

  it.each(cases)("%s refuses another account in the Account header", async (_name, op) => {
    const result = await t.gql(op.query, op.variables?.({ accountId: victim.accountId! }), attacker.headers(victim.accountId));
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(JSON.stringify(result.data ?? null)).not.toContain("Victim Ltd");
  });

  it.each(cases)("%s refuses a visitor", async (_name, op) => {
    const result = await t.gql(op.query, op.variables?.({ accountId: victim.accountId! }), { account: victim.accountId! });
    expect(result.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it.each(cases)("%s with the attacker's own account shows none of the victim's data", async (_name, op) => {
    const result = await t.gql(op.query, op.variables?.({ accountId: victim.accountId! }), attacker.headers());
    expect(JSON.stringify(result)).not.toContain("Victim Ltd");
  });

  it("accounts lists only the user's own accounts", async () => {
    const result = await t.gql<{ accounts: { items: { name: string }[] } }>("{ accounts { items { name } } }", {}, attacker.headers(victim.accountId));
    expect(result.data?.accounts.items).toEqual([{ name: "Attacker Ltd" }]);
  });

  it("lists every account-scoped root field", () => {
    const scoped = [schema.getQueryType(), schema.getMutationType()]
      .filter(isObjectType)
      .flatMap((type) =>
        Object.values(type.getFields())
          .filter((f) => (f.extensions as { pothosOptions?: { authScopes?: { accountRole?: unknown } } }).pothosOptions?.authScopes?.accountRole)
          .map((f) => `${type.name}.${f.name}`),
      );
    expect(scoped.filter((name) => !(name in OPERATIONS))).toEqual([]);
  });
});
