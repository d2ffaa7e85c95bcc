import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountInvitations, accountUsers, jobs } from "../../src/server/db/schema";
import { hashToken } from "../../src/server/tokens";
import type { AccountRole } from "../../src/shared/enums";
import { INVITATIONS_PER_HOUR } from "../../src/shared/team";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, type SignedInAs, signIn, signUp, uniqueEmail } from "../support/auth";
import { lastMailTo, outboxFiles, readMail } from "../support/mail";
import { invite, inviteAndGetToken, invitationToken, runJobs, teamOf } from "../support/team";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ACCEPT = "mutation ($token: String!) { acceptInvitation(token: $token) { id name } }";
const DECLINE = "mutation ($token: String!) { declineInvitation(token: $token) }";
const INVITATION = "query ($token: String!) { invitation(token: $token) { email name role accountName inviterName } }";
const code = (result: { errors?: { extensions?: Record<string, unknown> }[] }) => result.errors?.[0]?.extensions?.code;

/** A fresh account: its owner, a plain member (the target of role changes), an open invitation. */
async function world() {
  const owner = await signIn(t, "owner", { company: `Team ${uniqueEmail("co")}`, name: "Olivia Owner" });
  const member = await signIn(t, "member", { account: owner, name: "Max Member" });
  const invited = await invite(t, owner, { email: uniqueEmail("pending") });
  return { owner, member, invitationId: invited.data!.inviteUser.id };
}

async function actorIn(w: Awaited<ReturnType<typeof world>>, role: AccountRole): Promise<SignedInAs> {
  return role === "owner" ? w.owner : signIn(t, role, { account: w.owner });
}

type Operation = (actor: SignedIn, w: Awaited<ReturnType<typeof world>>) => Promise<{ errors?: { extensions?: Record<string, unknown> }[] }>;

const OPERATIONS: Record<string, Operation> = {
  teamMembers: (a) => t.gql("{ teamMembers { id email status } }", {}, a.headers()),
  inviteUser: (a) => invite(t, a, { email: uniqueEmail("new"), name: "New Person" }),
  revokeInvitation: (a, w) => t.gql("mutation ($id: ID!) { revokeInvitation(id: $id) }", { id: w.invitationId }, a.headers()),
  updateMemberRole: (a, w) => t.gql("mutation ($u: ID!) { updateMemberRole(userId: $u, role: ADMIN) { role } }", { u: w.member.userId }, a.headers()),
  removeMember: (a, w) => t.gql("mutation ($u: ID!) { removeMember(userId: $u) }", { u: w.member.userId }, a.headers()),
  transferOwnership: (a, w) => t.gql("mutation ($u: ID!) { transferOwnership(userId: $u) }", { u: w.member.userId }, a.headers()),
  deleteAccount: async (a) => {
    const name = (await t.gql<{ account: { name: string } }>("{ account { name } }", {}, a.headers())).data!.account.name;
    return t.gql("mutation ($n: String!) { deleteAccount(confirmName: $n) }", { n: name }, a.headers());
  },
};

/** Who may do what, written out (the server must agree; src/shared/permissions.ts is the source). */
const ALLOWED: Record<string, AccountRole[]> = {
  teamMembers: ["owner", "admin", "member"],
  inviteUser: ["owner", "admin"],
  revokeInvitation: ["owner", "admin"],
  updateMemberRole: ["owner", "admin"],
  removeMember: ["owner", "admin"],
  transferOwnership: ["owner"],
  deleteAccount: ["owner"],
};

describe("the role matrix", () => {
  const cases = Object.keys(OPERATIONS).flatMap((op) => (["owner", "admin", "member"] as const).map((role) => [op, role] as const));
  it.each(cases)("%s as %s", async (op, role) => {
    const w = await world();
    const actor = await actorIn(w, role);
    const result = await OPERATIONS[op](actor, w);
    if (ALLOWED[op].includes(role)) {
      expect(result.errors, `${op} as ${role}`).toBeUndefined();
    } else {
      expect(code(result), `${op} as ${role}`).toBe("FORBIDDEN");
      // Nothing changed: the member is still a member, the invitation still open, the account still there.
      const team = await teamOf(t, w.owner);
      expect(team.find((m) => m.id === w.member.userId)?.role).toBe("MEMBER");
      expect(team.find((m) => m.id === w.invitationId)?.status).toBe("INVITED");
    }
  });

  it("an admin cannot touch owners nor invite an owner", async () => {
    const w = await world();
    const admin = await actorIn(w, "admin");
    expect(code(await t.gql("mutation ($u: ID!) { updateMemberRole(userId: $u, role: MEMBER) { role } }", { u: w.owner.userId }, admin.headers()))).toBe(
      "FORBIDDEN",
    );
    expect(code(await t.gql("mutation ($u: ID!) { removeMember(userId: $u) }", { u: w.owner.userId }, admin.headers()))).toBe("FORBIDDEN");
    expect(code(await t.gql("mutation ($u: ID!) { updateMemberRole(userId: $u, role: OWNER) { role } }", { u: w.member.userId }, admin.headers()))).toBe(
      "FORBIDDEN",
    );
    expect(code(await invite(t, admin, { email: uniqueEmail("o"), role: "OWNER" }))).toBe("FORBIDDEN");
    expect((await teamOf(t, w.owner)).filter((m) => m.role === "OWNER").map((m) => m.id)).toEqual([w.owner.userId]);
  });
});

describe("invitations", () => {
  it("lists the invitation as invited, e-mails a link in the inviter's language, and stores only the token's hash", async () => {
    const owner = await signUp(t, { company: "Bakkerij Jansen", name: "Jan Jansen" });
    const email = uniqueEmail("Invitee").toUpperCase();
    const result = await invite(t, owner, { email, name: "Ineke" }, { "accept-language": "nl" });
    expect(result.data?.inviteUser).toMatchObject({ email: email.toLowerCase(), name: "Ineke", role: "MEMBER", status: "INVITED" });
    expect(
      outboxFiles(t.dataDir)
        .map(readMail)
        .some((m) => m.to.includes(email.toLowerCase())),
    ).toBe(false); // queued, not sent in the request
    expect(await runJobs(t)).toBeGreaterThanOrEqual(1);
    const mail = lastMailTo(t.dataDir, email.toLowerCase());
    expect(mail.decoded).toContain("Jan Jansen heeft je uitgenodigd om samen offertes te maken in Bakkerij Jansen");
    const token = invitationToken(mail);
    const [row] = await t.db.select().from(accountInvitations).where(eq(accountInvitations.email, email.toLowerCase()));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const shown = await t.gql(INVITATION, { token });
    expect(shown.data?.invitation).toEqual({
      email: email.toLowerCase(),
      name: "Ineke",
      role: "MEMBER",
      accountName: "Bakkerij Jansen",
      inviterName: "Jan Jansen",
    });
    expect((await teamOf(t, owner)).map((m) => [m.email, m.status])).toContainEqual([email.toLowerCase(), "INVITED"]);
  });

  it("refuses an address already invited or already a member (translated)", async () => {
    const owner = await signUp(t);
    const member = await signIn(t, "member", { account: owner, email: uniqueEmail("m") });
    const memberEmail = (await t.gql<{ me: { email: string } }>("{ me { email } }", {}, member.headers())).data!.me.email;
    const email = uniqueEmail("twice");
    expect((await invite(t, owner, { email })).errors).toBeUndefined();
    const again = await invite(t, owner, { email: email.toUpperCase() });
    expect(code(again)).toBe("CONFLICT");
    expect(again.errors?.[0].message).toBe("The email is already invited.");
    const dutch = await invite(t, owner, { email: memberEmail }, { "accept-language": "nl" });
    expect(dutch.errors?.[0].message).toBe("Dit e-mailadres is al uitgenodigd.");
    expect(code(await invite(t, owner, { email: "not-an-email" }))).toBe("BAD_USER_INPUT");
    expect(code(await invite(t, owner, { email: "" }))).toBe("BAD_USER_INPUT");
    const rows = await t.db.select().from(accountInvitations).where(eq(accountInvitations.accountId, owner.accountId!));
    expect(rows.map((r) => r.email)).toEqual([email]);
  });

  it("accepts once: 20 parallel accepts make one membership", async () => {
    const owner = await signUp(t, { company: "Race Co" });
    const email = uniqueEmail("racer");
    const token = await inviteAndGetToken(t, owner, email, "ADMIN");
    const invitee = await signUp(t, { email, company: null });
    const results = await Promise.all(Array.from({ length: 20 }, () => t.gql(ACCEPT, { token }, invitee.headers(null))));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => r.errors).every((r) => r.errors?.[0].message === "Something went wrong. Please retry the link in your email.")).toBe(true);
    const memberships = await t.db
      .select()
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, owner.accountId!), eq(accountUsers.userId, invitee.userId)));
    expect(memberships.map((m) => m.role)).toEqual(["admin"]);
    expect((await teamOf(t, owner)).find((m) => m.email === email)).toMatchObject({ status: "MEMBER", role: "ADMIN" });
    // Used: the link shows the error and cannot be declined either.
    expect((await t.gql(INVITATION, { token })).errors?.[0].message).toBe("Something went wrong. Please retry the link in your email.");
    expect(code(await t.gql(DECLINE, { token }))).toBe("NOT_FOUND");
  });

  it("refuses a link opened by another signed-in user, and a visitor", async () => {
    const owner = await signUp(t);
    const email = uniqueEmail("right");
    const token = await inviteAndGetToken(t, owner, email);
    const stranger = await signUp(t, { company: "Stranger Ltd" });
    const wrong = await t.gql(ACCEPT, { token }, stranger.headers(null));
    expect(code(wrong)).toBe("FORBIDDEN");
    expect(wrong.errors?.[0].message).toContain("another e-mail address");
    expect(code(await t.gql(ACCEPT, { token }))).toBe("UNAUTHENTICATED");
    // Still open for the right person.
    const right = await signUp(t, { email, company: null });
    expect((await t.gql(ACCEPT, { token }, right.headers(null))).errors).toBeUndefined();
  });

  it("gives a user without a name the name the inviter typed, and keeps a name they have", async () => {
    const owner = await signUp(t);
    const nameless = uniqueEmail("nameless");
    await invite(t, owner, { email: nameless, name: "Nina Nameless" });
    await runJobs(t);
    const token = invitationToken(lastMailTo(t.dataDir, nameless));
    const user = await signUp(t, { email: nameless, company: null });
    expect((await t.gql(ACCEPT, { token }, user.headers(null))).errors).toBeUndefined();
    const named = await signUp(t, { name: "Real Name", company: "Own Co" });
    const namedEmail = (await t.gql<{ me: { email: string } }>("{ me { email } }", {}, named.headers())).data!.me.email;
    await invite(t, owner, { email: namedEmail, name: "Other Name" });
    await runJobs(t);
    expect((await t.gql(ACCEPT, { token: invitationToken(lastMailTo(t.dataDir, namedEmail)) }, named.headers(null))).errors).toBeUndefined();
    const names = Object.fromEntries((await teamOf(t, owner)).map((m) => [m.email, m.name]));
    expect(names[nameless]).toBe("Nina Nameless");
    expect(names[namedEmail]).toBe("Real Name");
  });

  it("declines (no sign-in), revokes and expires", async () => {
    const owner = await signUp(t);
    const declinedToken = await inviteAndGetToken(t, owner, uniqueEmail("decline"));
    expect((await t.gql(DECLINE, { token: declinedToken })).data).toEqual({ declineInvitation: true });
    expect(code(await t.gql(INVITATION, { token: declinedToken }))).toBe("NOT_FOUND");

    const revokedEmail = uniqueEmail("revoke");
    const revokedToken = await inviteAndGetToken(t, owner, revokedEmail);
    const id = (await teamOf(t, owner)).find((m) => m.email === revokedEmail)!.id;
    expect((await t.gql("mutation ($id: ID!) { revokeInvitation(id: $id) }", { id }, owner.headers())).data).toEqual({ revokeInvitation: true });
    const revokedUser = await signUp(t, { email: revokedEmail, company: null });
    expect((await t.gql(ACCEPT, { token: revokedToken }, revokedUser.headers(null))).errors?.[0].message).toBe(
      "Something went wrong. Please retry the link in your email.",
    );

    const lateEmail = uniqueEmail("late");
    const lateToken = await inviteAndGetToken(t, owner, lateEmail);
    await t.db
      .update(accountInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountInvitations.email, lateEmail));
    const lateUser = await signUp(t, { email: lateEmail, company: null });
    expect(code(await t.gql(ACCEPT, { token: lateToken }, lateUser.headers(null)))).toBe("NOT_FOUND");
    expect((await teamOf(t, owner)).some((m) => m.email === lateEmail)).toBe(false);
    // A lapsed invitation does not block a new one.
    expect((await invite(t, owner, { email: lateEmail })).errors).toBeUndefined();
    expect(code(await t.gql(ACCEPT, { token: "x".repeat(43) }, lateUser.headers(null)))).toBe("NOT_FOUND");
    expect(code(await t.gql(ACCEPT, { token: "short" }, lateUser.headers(null)))).toBe("BAD_USER_INPUT");
  });

  it(`rate-limits invitations per account (${INVITATIONS_PER_HOUR} an hour)`, async () => {
    const owner = await signUp(t);
    const admin = await signIn(t, "admin", { account: owner });
    const results = [];
    for (let i = 0; i < INVITATIONS_PER_HOUR + 2; i++) results.push(await invite(t, i % 2 ? admin : owner, { email: uniqueEmail("flood") }));
    expect(results.filter((r) => !r.errors)).toHaveLength(INVITATIONS_PER_HOUR);
    const refused = results.at(-1)!;
    expect(code(refused)).toBe("RATE_LIMITED");
    expect(refused.errors?.[0].message).toMatch(/Too many invitations/);
    const rows = await t.db.select().from(accountInvitations).where(eq(accountInvitations.accountId, owner.accountId!));
    expect(rows).toHaveLength(INVITATIONS_PER_HOUR);
    // Another account is not affected.
    expect((await invite(t, await signUp(t), { email: uniqueEmail("other") })).errors).toBeUndefined();
  });

  it("a refused invitation queues no e-mail", async () => {
    const owner = await signUp(t);
    await runJobs(t);
    const email = uniqueEmail("once");
    await invite(t, owner, { email });
    await invite(t, owner, { email });
    const queued = (await t.db.select().from(jobs).where(eq(jobs.status, "queued"))).filter((j) => JSON.stringify(j.payload).includes(email));
    expect(queued).toHaveLength(1);
  });
});

describe("owners", () => {
  it("the last owner can be neither removed nor demoted, also not by themselves", async () => {
    const owner = await signUp(t);
    const demote = await t.gql("mutation ($u: ID!) { updateMemberRole(userId: $u, role: ADMIN) { role } }", { u: owner.userId }, owner.headers());
    expect(code(demote)).toBe("CONFLICT");
    expect(demote.errors?.[0].message).toBe("An account needs an owner: make someone else owner first.");
    expect(code(await t.gql("mutation ($u: ID!) { removeMember(userId: $u) }", { u: owner.userId }, owner.headers()))).toBe("CONFLICT");
    // With a second owner, one of them may step down.
    const second = await signIn(t, "member", { account: owner });
    expect((await t.gql("mutation ($u: ID!) { updateMemberRole(userId: $u, role: OWNER) { role } }", { u: second.userId }, owner.headers())).data).toEqual({
      updateMemberRole: { role: "OWNER" },
    });
    expect(
      (await t.gql("mutation ($u: ID!) { updateMemberRole(userId: $u, role: MEMBER) { role } }", { u: owner.userId }, owner.headers())).errors,
    ).toBeUndefined();
    expect(code(await t.gql("mutation ($u: ID!) { removeMember(userId: $u) }", { u: second.userId }, second.headers()))).toBe("CONFLICT");
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const a = await signUp(t);
    const b = await signIn(t, "owner", { account: a });
    await Promise.all([
      t.gql("mutation ($u: ID!) { updateMemberRole(userId: $u, role: ADMIN) { role } }", { u: b.userId }, a.headers()),
      t.gql("mutation ($u: ID!) { updateMemberRole(userId: $u, role: ADMIN) { role } }", { u: a.userId }, b.headers(a.accountId)),
    ]);
    const owners = await t.db
      .select()
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, a.accountId!), eq(accountUsers.role, "owner")));
    expect(owners).toHaveLength(1);
  });

  it("transfers ownership: the member becomes owner, the owner admin", async () => {
    const owner = await signUp(t);
    const member = await signIn(t, "member", { account: owner });
    expect((await t.gql("mutation ($u: ID!) { transferOwnership(userId: $u) }", { u: member.userId }, owner.headers())).data).toEqual({
      transferOwnership: true,
    });
    const roles = Object.fromEntries((await teamOf(t, member)).map((m) => [m.id, m.role]));
    expect(roles).toEqual({ [owner.userId]: "ADMIN", [member.userId]: "OWNER" });
    expect(code(await t.gql("mutation ($u: ID!) { transferOwnership(userId: $u) }", { u: owner.userId }, owner.headers()))).toBe("FORBIDDEN");
    const stranger = await signUp(t);
    expect(code(await t.gql("mutation ($u: ID!) { transferOwnership(userId: $u) }", { u: stranger.userId }, member.headers()))).toBe("NOT_FOUND");
  });

  it("a removed member loses the account at once", async () => {
    const owner = await signUp(t);
    const member = await signIn(t, "member", { account: owner });
    expect((await t.gql("mutation ($u: ID!) { removeMember(userId: $u) }", { u: member.userId }, owner.headers())).data).toEqual({ removeMember: true });
    expect(code(await t.gql("{ customers { totalCount } }", {}, member.headers()))).toBe("FORBIDDEN");
  });
});
