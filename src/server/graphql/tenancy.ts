import { type Permission, hasPermission } from "../../shared/permissions";
import { AppError, forbidden, unauthenticated } from "../errors";
import type { AccountRole, GraphQLContext } from "./context";

export type AccountScope = { accountId: string; userId: string; role: AccountRole };

/**
 * The one way to get the account a request acts for. Every account-scoped service takes the
 * `accountId` from here as a required argument: there are no optional tenant filters.
 * (The field's `authScopes: { accountRole }` has already refused callers without membership;
 * this also guards direct service use.)
 */
export function requireAccountScope(ctx: GraphQLContext): AccountScope {
  if (!ctx.auth.user) throw unauthenticated();
  if (!ctx.auth.account) throw new AppError("FORBIDDEN", "api:accountRequired");
  return { accountId: ctx.auth.account.id, userId: ctx.auth.user.id, role: ctx.auth.account.role };
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
