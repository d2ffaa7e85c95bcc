import { isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../src/server/graphql/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn } from "../support/auth";
import { createCustomer, createQuote } from "../support/quotes";

/**
 * Account isolation: every account-scoped operation, called by a user of account B with
 * B's session and A's ids or A's Account header, must be refused. Each later issue adds its
 * operations to OPERATIONS; the last test fails when the schema has an account-scoped root
 * field that is not listed here.
 */
type Ids = { accountId: string; customerId: string; quoteId: string; memberUserId: string; invitationId: string };
type Operation = { query: string; variables?: (victim: Ids) => Record<string, unknown> };

const OPERATIONS: Record<string, Operation> = {
  "Query.account": { query: "{ account { id name } }" },
  // Customers and quotes (issue 4): the victim's ids, names containing "Victim Ltd".
  "Query.customer": { query: "query ($id: ID!) { customer(id: $id) { id name content } }", variables: (v) => ({ id: v.customerId }) },
  "Query.customers": { query: "{ customers(pageSize: 100) { totalCount items { id name } } }" },
  "Mutation.createCustomer": {
    query: "mutation ($input: CustomerInput!) { createCustomer(input: $input) { id name } }",
    variables: () => ({ input: { name: "Attacker's customer" } }),
  },
  "Mutation.updateCustomer": {
    query: "mutation ($id: ID!, $input: CustomerInput!) { updateCustomer(id: $id, input: $input) { id name } }",
    variables: (v) => ({ id: v.customerId, input: { name: "Hijacked" } }),
  },
  "Mutation.deleteCustomer": { query: "mutation ($id: ID!) { deleteCustomer(id: $id) }", variables: (v) => ({ id: v.customerId }) },
  "Query.quote": { query: "query ($id: ID!) { quote(id: $id) { id name url customer { name } } }", variables: (v) => ({ id: v.quoteId }) },
  "Query.quotes": { query: "{ quotes(pageSize: 100) { totalCount items { id name customer { name } } } }" },
  "Mutation.createQuote": {
    query: "mutation ($input: QuoteInput!) { createQuote(input: $input) { id name customer { name } } }",
    variables: (v) => ({ input: { ...QUOTE_INPUT, customerId: v.customerId } }),
  },
  "Mutation.updateQuote": {
    query: "mutation ($id: ID!, $input: QuoteInput!) { updateQuote(id: $id, input: $input) { id name } }",
    variables: (v) => ({ id: v.quoteId, input: { ...QUOTE_INPUT, customerId: v.customerId, name: "Hijacked" } }),
  },
  "Mutation.deleteQuote": { query: "mutation ($id: ID!) { deleteQuote(id: $id) }", variables: (v) => ({ id: v.quoteId }) },
  "Mutation.duplicateQuote": { query: "mutation ($id: ID!) { duplicateQuote(id: $id) { id name } }", variables: (v) => ({ id: v.quoteId }) },
  "Mutation.publishQuote": { query: "mutation ($id: ID!) { publishQuote(id: $id) { id name status } }", variables: (v) => ({ id: v.quoteId }) },
  "Mutation.withdrawQuote": { query: "mutation ($id: ID!) { withdrawQuote(id: $id) { id name status } }", variables: (v) => ({ id: v.quoteId }) },
  ...TEAM_OPERATIONS(),
};

/** Team and account data (issue 11): the victim's member, invitation and account name. */
function TEAM_OPERATIONS(): Record<string, Operation> {
  return {
    "Query.teamMembers": { query: "{ teamMembers { id email name role status } }" },
    "Mutation.inviteUser": {
      query: "mutation ($input: InviteUserInput!) { inviteUser(input: $input) { id email } }",
      variables: () => ({ input: { email: "attacker-invite@example.test" } }),
    },
    "Mutation.revokeInvitation": { query: "mutation ($id: ID!) { revokeInvitation(id: $id) }", variables: (v) => ({ id: v.invitationId }) },
    "Mutation.updateMemberRole": {
      query: "mutation ($u: ID!) { updateMemberRole(userId: $u, role: ADMIN) { id email role } }",
      variables: (v) => ({ u: v.memberUserId }),
    },
    "Mutation.removeMember": { query: "mutation ($u: ID!) { removeMember(userId: $u) }", variables: (v) => ({ u: v.memberUserId }) },
    "Mutation.transferOwnership": { query: "mutation ($u: ID!) { transferOwnership(userId: $u) }", variables: (v) => ({ u: v.memberUserId }) },
    "Mutation.deleteAccount": { query: "mutation ($n: String!) { deleteAccount(confirmName: $n) }", variables: () => ({ n: "Victim Ltd" }) },
  };
}

const QUOTE_INPUT = {
  name: "Attacker's quote",
  language: "ENG",
  currency: "EUR",
  quoteDateAt: "2026-01-01",
  quoteExpirationAt: "2026-02-01",
  signable: true,
};

let t: TestApp;
let victim: SignedIn;
let ids: Ids;
let attacker: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  victim = await signIn(t, "owner", { company: "Victim Ltd" });
  // The attacker is a plain member of their own account: the weakest role that reaches these fields.
  attacker = await signIn(t, "member", { company: "Attacker Ltd" });
  const customer = await createCustomer(t, victim, { name: "Victim Ltd's customer", content: "Victim Ltd street 1" });
  const quote = await createQuote(t, victim, customer.id, { name: "Victim Ltd quote" });
  // Team (issue 11): a member and an open invitation of the victim's account.
  const victimMember = await signIn(t, "member", { account: victim, name: "Victim Ltd member" });
  const invited = await t.gql<{ inviteUser: { id: string } }>(
    "mutation ($input: InviteUserInput!) { inviteUser(input: $input) { id } }",
    { input: { email: "victim-ltd-invitee@example.test", name: "Victim Ltd invitee" } },
    victim.headers(),
  );
  ids = { accountId: victim.accountId!, customerId: customer.id, quoteId: quote.id, memberUserId: victimMember.userId, invitationId: invited.data!.inviteUser.id };
});
afterAll(async () => {
  await t.close();
});

describe("account isolation", () => {
  const cases = Object.entries(OPERATIONS);

  it.each(cases)("%s refuses another account in the Account header", async (_name, op) => {
    const result = await t.gql(op.query, op.variables?.(ids), attacker.headers(victim.accountId));
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(JSON.stringify(result.data ?? null)).not.toContain("Victim Ltd");
  });

  it.each(cases)("%s refuses a visitor", async (_name, op) => {
    const result = await t.gql(op.query, op.variables?.(ids), { account: victim.accountId! });
    expect(result.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it.each(cases)("%s with the attacker's own account shows none of the victim's data", async (_name, op) => {
    const result = await t.gql(op.query, op.variables?.(ids), attacker.headers());
    expect(JSON.stringify(result)).not.toContain("Victim Ltd");
  });

  it("leaves the victim's customers and quotes untouched", async () => {
    const read = await t.gql<{ customer: { name: string }; quote: { name: string; status: string }; quotes: { totalCount: number } }>(
      "query ($c: ID!, $q: ID!) { customer(id: $c) { name } quote(id: $q) { name status } quotes { totalCount } }",
      { c: ids.customerId, q: ids.quoteId },
      victim.headers(),
    );
    expect(read.data).toEqual({ customer: { name: "Victim Ltd's customer" }, quote: { name: "Victim Ltd quote", status: "DRAFT" }, quotes: { totalCount: 1 } });
  });

  it("answers the attacker's own account with not found (or a field error) for the victim's ids", async () => {
    for (const name of ["Query.customer", "Query.quote", "Mutation.updateCustomer", "Mutation.deleteCustomer", "Mutation.updateQuote", "Mutation.deleteQuote", "Mutation.duplicateQuote", "Mutation.publishQuote", "Mutation.withdrawQuote", "Mutation.createQuote"]) {
      const op = OPERATIONS[name];
      const result = await t.gql(op.query, op.variables?.(ids), attacker.headers());
      expect(result.errors?.[0].extensions?.code, name).toMatch(/^(NOT_FOUND|BAD_USER_INPUT)$/);
      expect(result.data, name).toBeNull();
    }
  });

  it("an owner and an admin of the attacker's account are refused the victim's account too", async () => {
    for (const role of ["owner", "admin"] as const) {
      const other = await signIn(t, role, { account: attacker });
      const result = await t.gql(OPERATIONS["Query.customers"].query, {}, other.headers(victim.accountId));
      expect(result.errors?.[0].extensions?.code, role).toBe("FORBIDDEN");
      const own = await t.gql<{ account: { name: string } }>("{ account { name } }", {}, other.headers());
      expect(own.data?.account.name, role).toBe("Attacker Ltd");
    }
  });

  it("team operations with the attacker's own account (as its owner) do not reach the victim's team", async () => {
    const attackerOwner = await signIn(t, "owner", { account: attacker });
    for (const name of ["Mutation.revokeInvitation", "Mutation.updateMemberRole", "Mutation.removeMember", "Mutation.transferOwnership"]) {
      const op = OPERATIONS[name];
      const result = await t.gql(op.query, op.variables?.(ids), attackerOwner.headers());
      expect(result.errors?.[0].extensions?.code, name).toBe("NOT_FOUND");
    }
    const deleted = await t.gql(OPERATIONS["Mutation.deleteAccount"].query, { n: "Victim Ltd" }, attackerOwner.headers());
    expect(deleted.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const team = await t.gql<{ teamMembers: { email: string; role: string; status: string }[] }>("{ teamMembers { email role status } }", {}, victim.headers());
    expect(team.data?.teamMembers.map((m) => [m.role, m.status])).toEqual([
      ["OWNER", "MEMBER"],
      ["MEMBER", "MEMBER"],
      ["MEMBER", "INVITED"],
    ]);
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
          .filter((f) => {
            const scopes = (f.extensions as { pothosOptions?: { authScopes?: { accountRole?: unknown; permission?: unknown } } }).pothosOptions?.authScopes;
            return scopes?.accountRole || scopes?.permission;
          })
          .map((f) => `${type.name}.${f.name}`),
      );
    expect(scoped.filter((name) => !(name in OPERATIONS))).toEqual([]);
  });
});
