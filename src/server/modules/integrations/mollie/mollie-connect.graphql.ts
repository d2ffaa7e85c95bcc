import { builder } from "../../../graphql/builder";
import { cost } from "../../../graphql/cost";
import { requireAccountScope } from "../../../graphql/tenancy";
import { type MollieConnectionRow, connectMollieApiKey, disconnectMollie, getMollieConnection } from "./mollie-connect.service";

const MollieConnectionRef = builder.objectRef<MollieConnectionRow>("MollieConnection").implement({
  description: "The owner's own Mollie account, where their customers' payments go (issue 26). Tokens and keys are never returned.",
  fields: (t) => ({
    method: t.string({ description: "OAUTH (Connect with Mollie) or API_KEY (a pasted key).", resolve: (r) => r.method }),
    mode: t.string({ description: "test or live.", resolve: (r) => r.mode }),
    displayName: t.string({ nullable: true, description: "The Mollie profile or organisation name.", resolve: (r) => r.displayName }),
    connectedAt: t.field({ type: "DateTime", resolve: (r) => r.createdAt }),
  }),
});

const MollieSettingsRef = builder.objectRef<{ accountId: string; connectAvailable: boolean }>("MollieSettings").implement({
  fields: (t) => ({
    connectAvailable: t.boolean({
      description: "Whether 'Connect with Mollie' (OAuth) is configured on this server; else an API key is pasted.",
      resolve: (s) => s.connectAvailable,
    }),
    connectUrl: t.string({
      description: "Where 'Connect with Mollie' starts (a GET in the browser), for the selected account.",
      resolve: (s) => `/api/integrations/mollie/connect?account=${encodeURIComponent(s.accountId)}`,
    }),
    connection: t.field({ type: MollieConnectionRef, nullable: true, resolve: (s, _args, ctx) => getMollieConnection(ctx.db, s.accountId) }),
  }),
});

builder.queryField("mollie", (t) =>
  t.field({
    type: MollieSettingsRef,
    description: "The selected account's own Mollie connection (Settings → Integrations).",
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    resolve: (_root, _args, ctx) => ({ accountId: requireAccountScope(ctx).accountId, connectAvailable: Boolean(ctx.config.mollieConnect.app) }),
  }),
);

builder.mutationField("connectMollieApiKey", (t) =>
  t.field({
    type: MollieConnectionRef,
    description: "Connects the owner's own Mollie account with a pasted API key (test_… or live_…), checked with one call to Mollie.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { apiKey: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return connectMollieApiKey(ctx.db, ctx.config, accountId, ctx.auth.user?.id ?? null, args.apiKey);
    },
  }),
);

builder.mutationField("disconnectMollie", (t) =>
  t.boolean({
    description: "Forgets the account's Mollie connection; true when there was one.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    resolve: (_root, _args, ctx) => disconnectMollie(ctx.db, requireAccountScope(ctx).accountId),
  }),
);
