import { redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { localizePath, readCookie, splitLocalePath } from "../../shared/locales";
import { countAccountsForUser, findAccountsForUser } from "../../server/modules/identity/accounts.server";
import { ACCOUNT_COOKIE } from "./account-cookie";

/** The signed-in user, or a redirect to sign-in that comes back here afterwards. */
export function requireUser(context: AppLoadContext, request: Request) {
  const user = context.ctx.auth.user;
  if (user) return user;
  const url = new URL(request.url);
  const returnTo = url.pathname + url.search;
  throw redirect(`${localizePath("/auth/sign-in", context.locale)}?returnTo=${encodeURIComponent(returnTo)}`);
}

/** Sign-in pages send a signed-in user to the app. */
export function redirectIfSignedIn(context: AppLoadContext) {
  if (context.ctx.auth.user) throw redirect(localizePath("/app", context.locale));
}

/** An account in the app shell, with the signed-in user's role in it (what the shell shows depends on it). */
export type AppAccount = { id: string; name: string; role: "owner" | "admin" | "member" };

/**
 * The app shell's data: the user, their accounts, and the selected one (the `offerly_account`
 * cookie when it names one of theirs, else the first). Without any account: /complete-profile.
 */
export async function loadAppSession(context: AppLoadContext, request: Request) {
  const user = requireUser(context, request);
  const { items } = await findAccountsForUser(context.ctx.db, user.id, { offset: 0, limit: 100 });
  if (items.length === 0) throw redirect(localizePath("/complete-profile", context.locale));
  const wanted = readCookie(request.headers.get("cookie"), ACCOUNT_COOKIE);
  const selected = items.find((a) => a.id === wanted) ?? items[0];
  const accounts: AppAccount[] = items.map((a) => ({ id: a.id, name: a.name, role: a.role }));
  return { user, accounts, selectedAccountId: selected.id, path: splitLocalePath(new URL(request.url).pathname).path };
}

/** /complete-profile is for a signed-in user without an account; anyone else goes to the app. */
export async function requireUserWithoutAccount(context: AppLoadContext, request: Request) {
  const user = requireUser(context, request);
  if ((await countAccountsForUser(context.ctx.db, user.id)) > 0) throw redirect(localizePath("/app", context.locale));
  return user;
}
