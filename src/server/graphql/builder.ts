import SchemaBuilder from "@pothos/core";
import { GraphQLError } from "graphql";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { ACCOUNT_ROLES } from "../../shared/enums";
import { type Permission, hasPermission } from "../../shared/permissions";
import { forbidden, unauthenticated } from "../errors";
import type { AccountRole, GraphQLContext } from "./context";
import "./ids";

/** A role includes every weaker one (ACCOUNT_ROLES lists them weakest first). */
const roleRank = (role: AccountRole) => ACCOUNT_ROLES.indexOf(role);

/**
 * The schema builder. Every root field must declare `authScopes` (a test walks the schema):
 * - `{ public: true }` anyone, signed in or not;
 * - `{ signedIn: true }` a signed-in user, no account needed (never an API key: it has no user);
 * - `{ accountRole: "member" | "admin" | "owner" }` a signed-in user acting for the account in the
 *   `Account` header with at least that role, or an API key of the account whose role maps to at
 *   least that role (ADMIN → admin, READ_ONLY → member; decision 050);
 * - `{ permission: "team.invite" | … }` the same, with a role that has that permission
 *   (src/shared/permissions.ts, the one role → permission table).
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: { public: boolean; signedIn: boolean; accountRole: AccountRole; permission: Permission };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    ID: { Input: string; Output: string };
    /** An uploaded file (GraphQL multipart request); input only. */
    File: { Input: File; Output: never };
    /** A rich-text document (TipTap JSON); validated by the zod schemas, never trusted as is. */
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
}>({
  // Dataloader: per-parent fields (`t.loadable`, `t.loadableGroup`) batch into one query per field
  // and request, whatever the length of the list they hang under.
  // uuidIds (ids.ts) after scopeAuth: inside the auth check, a non-UUID id answers NOT_FOUND.
  plugins: [ScopeAuthPlugin, "uuidIds", DataloaderPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({
      public: true,
      signedIn: ctx.auth.user !== null,
      // An account is set for a member's session or for a live API key of that account (decision 050).
      accountRole: (minimum) => ctx.auth.account !== null && roleRank(ctx.auth.account.role) >= roleRank(minimum),
      permission: (permission) => ctx.auth.account !== null && hasPermission(ctx.auth.account.role, permission),
    }),
    unauthorizedError: (_parent, ctx) => (ctx.auth.user || ctx.auth.apiKey ? forbidden() : unauthenticated()),
  },
});

builder.queryType({});
builder.mutationType({});

builder.scalarType("DateTime", {
  description: "An ISO-8601 date and time in UTC.",
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  // A request error (400, BAD_USER_INPUT), never a masked internal error: a GraphQLError, as File's.
  parseValue: (value) => {
    const date = typeof value === "string" ? new Date(value) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError("DateTime must be an ISO-8601 string", { extensions: { code: "BAD_USER_INPUT" } });
    return date;
  },
});

builder.scalarType("File", {
  description: "A file sent with the request as a part of a multipart/form-data body (input only).",
  serialize: () => {
    throw new TypeError("File is an input-only scalar");
  },
  // Yoga's multipart parser makes its own File (from @whatwg-node), not the platform's: accept any
  // object with a File's shape. Anything else (a string in JSON variables) is a request error.
  parseValue: (value) => {
    const file = value as File | null;
    if (file && typeof file === "object" && typeof file.arrayBuffer === "function" && typeof file.size === "number") return file;
    throw new GraphQLError("File must be a file part of a multipart request", { extensions: { code: "BAD_USER_INPUT" } });
  },
});

builder.scalarType("JSON", {
  description: "A rich-text document: TipTap/ProseMirror JSON, checked against an allow-list on input (src/shared/rich-text.ts).",
  serialize: (value) => value,
  parseValue: (value) => value,
});
