import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/app";
import { requestLink, signIn, signUp, uniqueEmail, verifyLink } from "../support/auth";
import { lastMailTo, signInToken } from "../support/mail";
import { inviteAndGetToken } from "../support/team";

/**
 * Single-use links under a race (issue 16, hard tests): 20 parallel uses of one sign-in link and
 * of one invitation link — exactly one wins, the others are refused, nothing is created twice.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("20 parallel uses of one link", () => {
  it("a sign-in link makes exactly one session", async () => {
    const email = uniqueEmail("race");
    expect((await requestLink(t, { email, signUp: { name: "Race", companyName: "Race BV" } })).status).toBe(202);
    const token = signInToken(lastMailTo(t.dataDir, email));
    const answers = await Promise.all(Array.from({ length: 20 }, () => verifyLink(t, { email, token, returnToken: true })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s >= 400 && s < 500)).toBe(true);
    const sessions = await t.db.execute(
      // One user, one account (sign-up), one session from this link.
      sql`select (select count(*) from users where email = ${email})::int as users,
        (select count(*) from sessions s join users u on u.id = s.user_id where u.email = ${email})::int as sessions,
        (select count(*) from account_users au join users u on u.id = au.user_id where u.email = ${email})::int as memberships`,
    );
    expect((sessions as unknown as { rows: unknown[] }).rows[0]).toEqual({ users: 1, sessions: 1, memberships: 1 });
  });

  it("an invitation link makes exactly one membership", async () => {
    const owner = await signIn(t, "owner");
    const email = uniqueEmail("invitee");
    const token = await inviteAndGetToken(t, owner, email);
    const invitee = await signUp(t, { email, company: null });
    const accept = "mutation ($token: String!) { acceptInvitation(token: $token) { id } }";
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.gql<{ acceptInvitation: { id: string } }>(accept, { token }, { cookie: invitee.cookie })),
    );
    const won = results.filter((r) => r.data?.acceptInvitation?.id === owner.accountId);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.errors?.length)).toHaveLength(19);
    const rows = (await t.db.execute(
      sql`select count(*)::int as n from account_users where account_id = ${owner.accountId} and user_id = ${invitee.userId}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0].n).toBe(1);
  });
});
