import { HARVEST_CREATE } from "../../../../shared/harvest";
import { builder } from "../../../graphql/builder";
import { cost } from "../../../graphql/cost";
import { requireAccountScope, requirePerson } from "../../../graphql/tenancy";
import { type HarvestConnectionView, connectHarvest, getHarvestConnection, updateHarvest } from "./harvest.service";

/**
 * Harvest in Settings → Integrations (issue 24, decision 055): the connection's state, connect
 * (again) with a personal access token, change what a signed quote becomes. Owners and admins,
 * people only (not API keys); connecting and changing need the plan feature `integrations`.
 * Disconnecting and the deliveries are the generic integration fields (the endpoint's id).
 */
const HarvestCreateEnum = builder.enumType("HarvestCreate", {
  values: HARVEST_CREATE,
  description: "What a signed quote becomes in Harvest: a project, an accepted estimate, or both.",
});

const HarvestConnectionRef = builder.objectRef<HarvestConnectionView>("HarvestConnection").implement({
  description: "The account's Harvest connection (a webhook endpoint of kind harvest).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The endpoint's id (disconnect and deliveries take it)." }),
    harvestAccountId: t.exposeString("harvestAccountId"),
    accountName: t.exposeString("accountName", { nullable: true }),
    userName: t.exposeString("userName", { nullable: true }),
    create: t.field({ type: HarvestCreateEnum, resolve: (c) => c.create }),
    url: t.exposeString("url", { description: "The Harvest account's address." }),
    enabled: t.exposeBoolean("enabled"),
    disabledReason: t.string({
      nullable: true,
      description: "Why it is switched off: REVOKED (Harvest refused the token), FAILING, MANUAL.",
      resolve: (c) => c.disabledReason,
    }),
    deliveriesPaused: t.exposeBoolean("deliveriesPaused", { description: "The plan has no integrations: nothing is sent." }),
    createdAt: t.field({ type: "DateTime", resolve: (c) => c.createdAt }),
  }),
});

builder.queryField("harvestConnection", (t) =>
  t.field({
    type: HarvestConnectionRef,
    nullable: true,
    description: "The selected account's Harvest connection, or null (owners and admins).",
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    resolve: (_root, _args, ctx) => getHarvestConnection(ctx.db, requireAccountScope(ctx).accountId),
  }),
);

builder.mutationField("connectHarvest", (t) =>
  t.field({
    type: HarvestConnectionRef,
    description: "Connects Harvest with a personal access token and account id (checked with Harvest first); again replaces the token.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: {
      token: t.arg.string({ required: true }),
      accountId: t.arg.string({ required: true }),
      create: t.arg({ type: HarvestCreateEnum, required: true }),
    },
    resolve: (_root, args, ctx) => {
      const { accountId, userId } = requirePerson(requireAccountScope(ctx));
      return connectHarvest(ctx.db, accountId, { userId }, { token: args.token, accountId: args.accountId, create: args.create }, ctx.config.webhooks);
    },
  }),
);

builder.mutationField("updateHarvest", (t) =>
  t.field({
    type: HarvestConnectionRef,
    description: "Changes what a signed quote becomes in Harvest.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { create: t.arg({ type: HarvestCreateEnum, required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requirePerson(requireAccountScope(ctx));
      return updateHarvest(ctx.db, accountId, args.create);
    },
  }),
);
