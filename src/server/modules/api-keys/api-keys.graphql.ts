import { ZCreateApiKeyInput } from "../../../shared/api-keys";
import { API_KEY_ROLES } from "../../../shared/events";
import { builder } from "../../graphql/builder";
import type { GraphQLContext } from "../../graphql/context";
import { cost } from "../../graphql/cost";
import { requireAccountScope, requirePerson } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { assertEntitled } from "../billing/entitlements";
import { type ApiKeyRow, createApiKey, listApiKeys, revokeApiKey } from "./api-keys.service";

/**
 * API keys (issue 23, decision 050): owners and admins of the account, signed in as themselves —
 * an API key cannot list, create or revoke keys (a leaked key could otherwise mint a successor
 * that outlives its revocation). Creating needs the plan feature `developerApi`; listing and
 * revoking work on any plan (a downgraded account keeps its keys, refused, and can switch them off).
 */
export const ApiKeyRoleEnum = builder.enumType("ApiKeyRole", {
  values: API_KEY_ROLES,
  description: "ADMIN: what an account admin may do; READ_ONLY: queries only, every mutation is refused.",
});

export const ApiKeyRef = builder.objectRef<ApiKeyRow>("ApiKey").implement({
  description: "An API key of the account. The key itself is shown once, by createApiKey; only its first characters are kept for display.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    role: t.field({ type: ApiKeyRoleEnum, resolve: (k) => k.role }),
    prefix: t.exposeString("prefix", { description: "The key's first characters (ofr_live_ and 6 more), to recognise it." }),
    createdAt: t.field({ type: "DateTime", resolve: (k) => k.createdAt }),
    createdByName: t.exposeString("createdByName", { nullable: true, description: "Who made it (null once that user is deleted)." }),
    lastUsedAt: t.field({ type: "DateTime", nullable: true, description: "Updated at most about once a minute.", resolve: (k) => k.lastUsedAt }),
    expiresAt: t.field({ type: "DateTime", nullable: true, resolve: (k) => k.expiresAt }),
    revokedAt: t.field({ type: "DateTime", nullable: true, resolve: (k) => k.revokedAt }),
  }),
});

const CreatedApiKeyRef = builder.objectRef<{ apiKey: ApiKeyRow; key: string }>("CreatedApiKey").implement({
  description: "A new API key: `key` is the full key, shown this once and never again.",
  fields: (t) => ({
    apiKey: t.field({ type: ApiKeyRef, resolve: (c) => c.apiKey }),
    key: t.exposeString("key", { description: "The full key (ofr_live_…): store it now, it cannot be shown again." }),
  }),
});

const CreateApiKeyInput = builder.inputType("CreateApiKeyInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    role: t.field({ type: ApiKeyRoleEnum, required: true }),
    expiresAt: t.field({ type: "DateTime", description: "When the key stops working; never when left out." }),
  }),
});

/** An owner or admin, as a person (never an API key), on a plan with the developer API. */
async function keyManager(ctx: GraphQLContext) {
  const scope = requirePerson(requireAccountScope(ctx));
  await assertEntitled(ctx.db, scope.accountId, "developerApi");
  return scope;
}

builder.queryField("apiKeys", (t) =>
  t.field({
    type: [ApiKeyRef],
    description: "The account's API keys, newest first (revoked and expired ones too).",
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    // Listed on any plan: after a downgrade the keys stay (refused while the plan lacks the API) and can be revoked.
    resolve: (_root, _args, ctx) => listApiKeys(ctx.db, requirePerson(requireAccountScope(ctx)).accountId),
  }),
);

builder.mutationField("createApiKey", (t) =>
  t.field({
    type: CreatedApiKeyRef,
    description: "Makes an API key for the account; the answer's `key` is the only time the full key is shown.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const scope = await keyManager(ctx);
      return createApiKey(ctx.db, scope.accountId, scope.userId, parseInput(ZCreateApiKeyInput, args.input));
    },
  }),
);

builder.mutationField("revokeApiKey", (t) =>
  t.field({
    type: ApiKeyRef,
    description: "Revokes an API key: refused from the next request on, on every app server.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      // Revoking stays possible on any plan: a downgraded account can still switch its keys off.
      const scope = requirePerson(requireAccountScope(ctx));
      return revokeApiKey(ctx.db, scope.accountId, String(args.id));
    },
  }),
);
