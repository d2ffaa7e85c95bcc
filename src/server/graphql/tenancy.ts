import { type Permission, hasPermission } from "../../shared/permissions";
import { AppError, forbidden, unauthenticated } from "../errors";
import type { AccountRole, GraphQLContext } from "./context";

/**
 * Who acts for which account. `userId` is null when an API key calls (decision 050): code that
 * needs a person (an inviter, a sender) asks `requirePerson(scope)`.
 */
export type AccountScope = { accountId: string; userId: string | null; role: AccountRole; apiKeyId: string | null };
export type PersonScope = AccountScope & { userId: string };

/**
 * The one way to get the account a request acts for. Every account-scoped service takes the
 * `accountId` from here as a required argument: there are no optional tenant filters.
 * (The field's `authScopes: { accountRole }` has already refused callers without membership;
 * this also guards direct service use.)
 */
export function requireAccountScope(ctx: GraphQLContext): AccountScope {
  const apiKey = ctx.auth.apiKey ?? null;
  if (!ctx.auth.user && !apiKey) throw unauthenticated();
  if (apiKey?.refusal) throw apiKey.refusal;
  if (!ctx.auth.account) throw new AppError("FORBIDDEN", "api:accountRequired");
  return { accountId: ctx.auth.account.id, userId: ctx.auth.user?.id ?? null, role: ctx.auth.account.role, apiKeyId: apiKey?.id ?? null };
}

/**
 * The scope of a person acting for the account: an API key is refused (FORBIDDEN,
 * "apiKeys:errors.personRequired") where the operation records or shows who did it as a person —
 * inviting, changing the team, sending a quote or an answer by e-mail, managing API keys.
 */
export function requirePerson(scope: AccountScope): PersonScope {
  if (scope.userId === null) throw new AppError("FORBIDDEN", "apiKeys:errors.personRequired");
  return scope as PersonScope;
}

/**
 * Who acts, for the audit trail: the signed-in person, or the API key by its name (an
 * integration: no person, no e-mail), e.g. `API key "Zapier"`.
 */
export function actorOf(ctx: GraphQLContext): { userId: string | null; name: string | null; email: string | null } {
  const user = ctx.auth.user;
  if (user) return { userId: user.id, name: user.name, email: user.email };
  const apiKey = ctx.auth.apiKey;
  return { userId: null, name: apiKey ? `API key "${apiKey.name}"` : null, email: null };
}

export function requireUser(ctx: GraphQLContext) {
  if (!ctx.auth.user) throw unauthenticated();
  return ctx.auth.user;
}

/**
 * The account scope, for a caller whose role has `permission` (src/shared/permissions.ts). Fields
 * declare `authScopes: { permission }` too; this also guards direct service use.
 */
export function requirePermission(ctx: GraphQLContext, permission: Permission): AccountScope {
  const scope = requireAccountScope(ctx);
  if (!hasPermission(scope.role, permission)) throw forbidden();
  return scope;
}
