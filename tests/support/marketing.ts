import path from "node:path";
import { lastMailTo, outboxFiles, readMail, signInToken } from "./mail";

/** The .eml files the development outbox wrote under dataDir/mail, decoded (quoted-printable). */
export function readOutbox(dataDir: string): { file: string; to: string; subject: string; text: string }[] {
  return outboxFiles(dataDir).map((file) => {
    const mail = readMail(file);
    return { file: path.basename(file), to: mail.to, subject: mail.subject, text: mail.decoded };
  });
}

/** The first link to `path` (with its token) in a decoded e-mail. */
export function linkIn(text: string, pathPart: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9_-]+`).exec(text);
  if (!match) throw new Error(`no ${pathPart} link in:\n${text}`);
  return match[0];
}

/** application/x-www-form-urlencoded body, as a browser without JavaScript posts a form. */
export function formBody(fields: Record<string, string>): RequestInit {
  return { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() };
}

/** A user signed up over HTTP against a running server: its session cookie and a GraphQL caller. */
export type HttpSession = {
  email: string;
  accountId: string;
  cookie: { name: string; value: string };
  gql: <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;
};

/**
 * Signs up (or in) the way the sign-up form does (the request, the e-mail in the development outbox, the
 * link's token), over HTTP: faster than the form when a test needs a signed-in browser, not the form.
 * Give the browser the session with `context.addCookies([{ ...session.cookie, url: baseUrl }])`.
 */
export async function signUpOverHttp(
  baseUrl: string,
  dataDir: string,
  who: { name: string; company: string | null; locale?: "en" | "nl" },
): Promise<HttpSession> {
  const email = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  // Without a company the user has no account yet (like a first Google sign-in): /complete-profile.
  const requested = await post("/api/auth/email-link", {
    email,
    ...(who.locale ? { locale: who.locale } : {}),
    ...(who.company ? { signUp: { name: who.name, companyName: who.company } } : {}),
  });
  if (requested.status !== 202) throw new Error(`link request failed: ${requested.status} ${await requested.text()}`);
  const verified = await post("/api/auth/email-link/verify", { email, token: signInToken(lastMailTo(dataDir, email)) });
  const match = /((?:__Host-)?offerly_session)=([^;]+)/.exec(verified.headers.get("set-cookie") ?? "");
  if (verified.status !== 200 || !match) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  const cookie = { name: match[1], value: match[2] };
  let accountId = "";
  const gql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-graphql-csrf": "1",
        cookie: `${cookie.name}=${cookie.value}`,
        ...(accountId ? { account: accountId } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown };
    if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  const { accounts } = await gql<{ accounts: { items: { id: string }[] } }>("{ accounts { items { id } } }");
  accountId = accounts.items[0]?.id ?? "";
  return { email, accountId, cookie, gql };
}
