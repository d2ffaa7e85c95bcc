import SchemaBuilder from "@pothos/core";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { ACCOUNT_ROLES } from "../../shared/enums";
import { forbidden, unauthenticated } from "../errors";
import type { AccountRole, GraphQLContext } from "./context";

/** A role includes every weaker one (ACCOUNT_ROLES lists them weakest first). */
const roleRank = (role: AccountRole) => ACCOUNT_ROLES.indexOf(role);

/**
 * The schema builder. Every root field must declare `authScopes` (a test walks the schema):
 * - `{ public: true }` anyone, signed in or not;
 * - `{ signedIn: true }` a signed-in user, no account needed;
 * - `{ accountRole: "member" | "admin" | "owner" }` a signed-in user acting for the account in the
 *   `Account` header with at least that role.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: { public: boolean; signedIn: boolean; accountRole: AccountRole };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    ID: { Input: string; Output: string };
    /** A rich-text document (TipTap JSON); validated by the zod schemas, never trusted as is. */
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
}>({
  // Dataloader: per-parent fields (`t.loadable`, `t.loadableGroup`) batch into one query per field
  // and request, whatever the length of the list they hang under.
  plugins: [ScopeAuthPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({
      public: true,
      signedIn: ctx.auth.user !== null,
      accountRole: (minimum) =>
        ctx.auth.user !== null && ctx.auth.account !== null && roleRank(ctx.auth.account.role) >= roleRank(minimum),
    }),
    unauthorizedError: (_parent, ctx) => (ctx.auth.user ? forbidden() : unauthenticated()),
  },
});

builder.queryType({});
builder.mutationType({});

builder.scalarType("DateTime", {
  description: "An ISO-8601 date and time in UTC.",
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError("DateTime must be an ISO-8601 string");
    return date;
  },
});

builder.scalarType("JSON", {
  description: "A rich-text document: TipTap/ProseMirror JSON, checked against an allow-list on input (src/shared/rich-text.ts).",
  serialize: (value) => value,
  parseValue: (value) => value,
});
