import type { AccountRole } from "../../src/shared/enums";
import { addAccountMember } from "../../src/server/modules/identity/accounts.service";
import type { TestApp } from "./app";
import { lastMailTo, signInToken } from "./mail";

export type SignedIn = {
  cookie: string;
  userId: string;
  accountId: string | null;
  /** Headers for GraphQL calls as this user, acting for `accountId` (or another account). */
  headers: (accountId?: string | null) => Record<string, string>;
};

let counter = 0;
/** A unique e-mail address for a test user. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export async function requestLink(t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.fetch("/api/auth/email-link", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export async function verifyLink(t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.fetch("/api/auth/email-link/verify", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export function sessionCookieFrom(response: Response): string | undefined {
  const setCookie = response.headers.get("set-cookie") ?? "";
  const match = /((?:__Host-)?offerly_session)=([^;]*)/.exec(setCookie);
  return match?.[2] ? `${match[1]}=${match[2]}` : undefined;
}

/**
 * Signs a user up the way a person does: the sign-up form's request, the e-mail in the outbox,
 * the link. With `company: null` the user has no account yet (like a first Google sign-in).
 */
export async function signUp(t: TestApp, options: { email?: string; name?: string; company?: string | null } = {}): Promise<SignedIn> {
  const email = options.email ?? uniqueEmail();
  const company = options.company === undefined ? `Company of ${email}` : options.company;
  const requested = await requestLink(t, {
    email,
    ...(company ? { signUp: { name: options.name ?? "Test User", companyName: company } } : {}),
  });
  if (requested.status !== 202) throw new Error(`link request failed: ${requested.status} ${await requested.text()}`);
  const token = signInToken(lastMailTo(t.dataDir, email));
  const verified = await verifyLink(t, { email, token });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  const cookie = sessionCookieFrom(verified)!;
  const me = await t.gql<{ me: { id: string } }>("{ me { id } }", {}, { cookie });
  const accounts = await t.gql<{ accounts: { items: { id: string }[] } }>("{ accounts { items { id } } }", {}, { cookie });
  const accountId = accounts.data?.accounts.items[0]?.id ?? null;
  return {
    cookie,
    userId: me.data!.me.id,
    accountId,
    headers: (id = accountId) => ({ cookie, ...(id ? { account: id } : {}) }),
  };
}

export type SignedInAs = SignedIn & { role: AccountRole; accountId: string };

/**
 * A signed-in user with a role in an account: "owner" signs up a new account (named `company`);
 * "admin" and "member" join `account` (another signed-in user's, or a fresh one's). There is no
 * invitation flow yet, so the membership is added through the accounts service.
 */
export async function signIn(
  t: TestApp,
  role: AccountRole = "owner",
  options: { account?: { accountId: string | null }; company?: string; email?: string; name?: string } = {},
): Promise<SignedInAs> {
  if (role === "owner" && !options.account) {
    const owner = await signUp(t, { company: options.company, email: options.email, name: options.name });
    return { ...owner, role, accountId: owner.accountId! };
  }
  const accountId = (options.account ?? (await signUp(t, { company: options.company }))).accountId;
  if (!accountId) throw new Error("signIn: the account to join has no id");
  const user = await signUp(t, { company: null, email: options.email, name: options.name });
  await addAccountMember(t.db, { accountId, userId: user.userId, role });
  return { ...user, role, accountId, headers: (id: string | null = accountId) => ({ cookie: user.cookie, ...(id ? { account: id } : {}) }) };
}
