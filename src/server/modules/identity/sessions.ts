import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { withFastRows } from "../../db/fast-rows";
import { accountUsers, sessions, users } from "../../db/schema";
import type { AccountRole, AuthState } from "../../graphql/context";
import { readCookie } from "../../../shared/locales";
import { hashToken, randomToken } from "./tokens";
import { accountRoleOfKey, authenticateApiKey, looksLikeApiKey } from "../api-keys/api-keys.service";

/** Session lifetimes (README "Sessions"). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000; // 30 days, whatever the activity
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000; // 7 days without a request
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000; // write last_seen_at at most every 5 minutes

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `__Host-` cookies need https; on plain http (a laptop) the prefix would make browsers drop it. */
export function sessionCookieName(config: Config): string {
  return config.publicUrl.startsWith("https://") ? "__Host-offerly_session" : "offerly_session";
}

export function sessionCookie(config: Config, token: string, maxAgeSeconds: number): string {
  const secure = config.publicUrl.startsWith("https://");
  return `${sessionCookieName(config)}=${token}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(config: Config): string {
  return sessionCookie(config, "", 0);
}

/** A new session for a user: a fresh random token each sign-in (rotation). */
export async function createSession(
  db: Database,
  input: { userId: string; method: "email-link" | "oidc"; userAgent?: string | null; ip?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    expiresAt,
    method: input.method,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    ip: input.ip ?? null,
  });
  return { token, expiresAt };
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Database, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

type SessionRow = { sessionId: string; lastSeenAt: Date; userId: string; email: string; name: string | null; disabledAt: Date | null; role: string | null };

/**
 * The session lookup of every request, built once per database (drizzle's query building was ≈ 5 %
 * of a small GraphQL request's CPU time) with placeholders for the token hash, the idle limit and
 * the account. Unnamed: PGlite and pg run them as plain parameterised statements.
 */
const sessionQueryCache = new WeakMap<Database, ReturnType<typeof buildSessionQueries>>();

function buildSessionQueries(db: Database) {
  const where = and(
    eq(sessions.tokenHash, sql.placeholder("tokenHash")),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
  );
  const columns = {
    sessionId: sessions.id,
    lastSeenAt: sessions.lastSeenAt,
    userId: users.id,
    email: users.email,
    name: users.name,
    disabledAt: users.disabledAt,
  };
  return {
    userOnly: withFastRows(db.select(columns).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where).limit(1).prepare("")),
    withAccount: withFastRows(
      db
        .select({ ...columns, role: accountUsers.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, sql.placeholder("accountId"))))
        .where(where)
        .limit(1)
        .prepare(""),
    ),
  };
}

function sessionQueries(db: Database) {
  let queries = sessionQueryCache.get(db);
  if (!queries) {
    queries = buildSessionQueries(db);
    sessionQueryCache.set(db, queries);
  }
  return queries;
}

/** The session token a request carries: `Authorization: Bearer …` or the session cookie. */
export function requestToken(request: Request, config: Config): string | undefined {
  const authorization = request.headers.get("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) return authorization.slice(7).trim() || undefined;
  return readCookie(request.headers.get("cookie"), sessionCookieName(config)) || undefined;
}

/**
 * Who is calling: an API key (`Bearer ofr_live_…`) and its account, or the session's user (if the session is live and the user not disabled) and the
 * account named by the `Account` header with the user's role in it — one query per request.
 */
export async function authenticate(request: Request, db: Database, config: Config): Promise<AuthState> {
  const token = requestToken(request, config);
  if (!token || token.length > 200) return { user: null, account: null };
  // An API key (decision 050): its own account, no user, the Account header is not read.
  if (looksLikeApiKey(token)) {
    const apiKey = await authenticateApiKey(db, token);
    if (!apiKey) return { user: null, account: null, invalidApiKey: true };
    return { user: null, account: apiKey.refusal ? null : { id: apiKey.accountId, role: accountRoleOfKey(apiKey.role) }, apiKey };
  }
  const accountHeader = request.headers.get("account")?.trim();
  const accountId = accountHeader && UUID.test(accountHeader) ? accountHeader.toLowerCase() : null;

  // One query either way; the membership join only when an account is named.
  const queries = sessionQueries(db);
  const params = { tokenHash: hashToken(token), idleSince: new Date(Date.now() - SESSION_IDLE_MS) };
  const rows: SessionRow[] = accountId
    ? await queries.withAccount.execute({ ...params, accountId })
    : (await queries.userOnly.execute(params)).map((r) => ({ ...r, role: null }));
  const row = rows[0];
  if (!row) return { user: null, account: null };
  if (row.disabledAt) {
    await revokeUserSessions(db, row.userId);
    return { user: null, account: null };
  }
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return {
    user: { id: row.userId, email: row.email, name: row.name },
    account: accountId && row.role ? { id: accountId, role: row.role as AccountRole } : null,
  };
}
