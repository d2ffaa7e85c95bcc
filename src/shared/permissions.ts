import { ACCOUNT_ROLES, type AccountRole } from "./enums";

/**
 * What each role may do in an account: the one table. The server checks it
 * (`requirePermission(ctx, …)` in src/server/graphql/tenancy.ts), the screens read it to hide what a
 * role cannot use, and ARCHITECTURE.md renders it (a unit test keeps the two equal).
 */
export const PERMISSIONS = [
  "customers.read",
  "customers.write",
  "quotes.read",
  "quotes.write",
  "templates.read",
  "templates.write",
  "team.read",
  "team.invite",
  "team.manageRoles",
  "team.remove",
  "team.transferOwnership",
  "account.update",
  "account.styling",
  "account.export",
  "account.delete",
  "billing.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MEMBER: readonly Permission[] = ["customers.read", "customers.write", "quotes.read", "quotes.write", "templates.read", "templates.write", "team.read"];
const ADMIN: readonly Permission[] = [...MEMBER, "team.invite", "team.manageRoles", "team.remove", "account.update", "account.styling"];
const OWNER: readonly Permission[] = [...ADMIN, "team.transferOwnership", "account.export", "account.delete", "billing.manage"];

export const ROLE_PERMISSIONS: Readonly<Record<AccountRole, ReadonlySet<Permission>>> = {
  member: new Set(MEMBER),
  admin: new Set(ADMIN),
  owner: new Set(OWNER),
};

export function hasPermission(role: AccountRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/**
 * Which roles a user with `actor`'s role may give or take away: an admin manages members and
 * admins, only an owner touches owners (making someone owner is a transfer of ownership).
 */
export function canManageRole(actor: AccountRole, target: AccountRole): boolean {
  if (!hasPermission(actor, "team.manageRoles")) return false;
  return target !== "owner" || actor === "owner";
}

/** The table as Markdown, as ARCHITECTURE.md shows it (strongest role first). */
export function permissionsMarkdownTable(): string {
  const roles = [...ACCOUNT_ROLES].reverse();
  const header = `| Permission | ${roles.join(" | ")} |`;
  const rule = `|---|${roles.map(() => "---").join("|")}|`;
  const rows = PERMISSIONS.map((p) => `| \`${p}\` | ${roles.map((r) => (hasPermission(r, p) ? "✓" : "—")).join(" | ")} |`);
  return [header, rule, ...rows].join("\n");
}
