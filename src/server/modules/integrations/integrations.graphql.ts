import { INTEGRATION_KINDS, ZSlackConnectInput } from "../../../shared/integrations";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS } from "../../../shared/webhooks";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { requireAccountScope, requirePerson } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import {
  type IntegrationDeliveryRow,
  type IntegrationRow,
  RECENT_DELIVERIES,
  disconnectIntegration,
  integrationLabel,
  listIntegrations,
  recentIntegrationDeliveries,
  setIntegrationEnabled,
  updateIntegrationEvents,
} from "./integrations.service";
import { connectSlackWebhook, startSlackOAuth } from "./slack/slack.service";

/**
 * Settings → Integrations (issue 24, decision 053): the account's integration connections by kind
 * (Slack channels, Harvest), their state, last deliveries, disconnect, re-enable and the events
 * they get. Owners and admins only; reading and disconnecting on any plan, the rest with the plan
 * feature `integrations` (the services check it). Each kind's connect mutations live beside it.
 */
export const IntegrationKindEnum = builder.enumType("IntegrationKind", { values: INTEGRATION_KINDS });
const IntegrationDisabledReasonEnum = builder.enumType("IntegrationDisabledReason", {
  values: WEBHOOK_DISABLED_REASONS,
  description:
    "REVOKED: the provider refused our access (a Slack channel archived or the app removed, a Harvest token revoked). FAILING: deliveries failed for about three days. MANUAL: switched off by a person. GONE: the receiver answered 410.",
});
const IntegrationDeliveryStatusEnum = builder.enumType("IntegrationDeliveryStatus", { values: WEBHOOK_DELIVERY_STATUSES });

export const IntegrationDeliveryRef = builder.objectRef<IntegrationDeliveryRow>("IntegrationDelivery").implement({
  description: "One delivery attempt to an integration (from the webhook delivery log, kept 30 days).",
  fields: (t) => ({
    id: t.exposeID("id"),
    eventType: t.exposeString("eventType"),
    attempt: t.exposeInt("attempt"),
    status: t.field({ type: IntegrationDeliveryStatusEnum, resolve: (d) => d.status }),
    statusCode: t.exposeInt("statusCode", { nullable: true }),
    responseBody: t.exposeString("responseBody", { nullable: true, description: "The first 1 KB of the provider's answer." }),
    error: t.exposeString("error", { nullable: true }),
    createdAt: t.field({ type: "DateTime", resolve: (d) => d.createdAt }),
  }),
});

export const IntegrationConnectionRef = builder.objectRef<IntegrationRow>("IntegrationConnection").implement({
  description: "One connection of an integration (a Slack channel, a Harvest account): a delivery endpoint of its kind.",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.field({ type: IntegrationKindEnum, resolve: (e) => e.kind }),
    label: t.string({ description: "What it is connected as: the Slack channel, the Harvest account.", resolve: (e) => integrationLabel(e).label }),
    detail: t.string({ nullable: true, description: "More about it: the Slack workspace, the Harvest user.", resolve: (e) => integrationLabel(e).detail }),
    url: t.exposeString("url", { description: "Where it sends, without its secret part." }),
    settings: t.string({
      description: "The kind's settings that are not secret, as a JSON object (e.g. what Harvest creates).",
      resolve: (e) => JSON.stringify(e.config ?? {}),
    }),
    eventTypes: t.field({ type: ["String"], resolve: (e) => e.eventTypes }),
    enabled: t.exposeBoolean("enabled"),
    disabledReason: t.field({ type: IntegrationDisabledReasonEnum, nullable: true, resolve: (e) => e.disabledReason }),
    disabledAt: t.field({ type: "DateTime", nullable: true, resolve: (e) => e.disabledAt }),
    deliveriesPaused: t.exposeBoolean("deliveriesPaused", {
      description: "True when the account's plan has no integrations (or has expired): the connection stays, nothing is delivered.",
    }),
    createdAt: t.field({ type: "DateTime", resolve: (e) => e.createdAt }),
    recentDeliveries: t.field({
      type: [IntegrationDeliveryRef],
      description: `The last delivery attempts, newest first (\`first\` ≤ 50, default ${RECENT_DELIVERIES}).`,
      // One query per connection (an account has a few): its rows × what is selected under them.
      extensions: cost.list({ arg: "first", fallback: RECENT_DELIVERIES, max: 50, base: 2, perItem: 1 }),
      args: { first: t.arg.int() },
      resolve: (e, args, ctx) => recentIntegrationDeliveries(ctx.db, requireAccountScope(ctx).accountId, e.id, args.first ?? undefined),
    }),
  }),
});

builder.queryField("integrations", (t) =>
  t.field({
    type: [IntegrationConnectionRef],
    description: "The selected account's integration connections, optionally of one kind (owners and admins).",
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    args: { kind: t.arg({ type: IntegrationKindEnum }) },
    resolve: (_root, args, ctx) => listIntegrations(ctx.db, requireAccountScope(ctx).accountId, args.kind ?? null),
  }),
);

builder.mutationField("disconnectIntegration", (t) =>
  t.id({
    description: "Disconnects an integration (deletes the connection and its delivery log); returns its id.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => disconnectIntegration(ctx.db, requireAccountScope(ctx).accountId, String(args.id)),
  }),
);

builder.mutationField("setIntegrationEnabled", (t) =>
  t.field({
    type: IntegrationConnectionRef,
    description: "Switches a connection on (clearing why it was disabled) or off.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => setIntegrationEnabled(ctx.db, requireAccountScope(ctx).accountId, String(args.id), args.enabled),
  }),
);

builder.mutationField("updateIntegrationEvents", (t) =>
  t.field({
    type: IntegrationConnectionRef,
    description: "The events a connection gets.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), eventTypes: t.arg.stringList({ required: true }) },
    resolve: (_root, args, ctx) => updateIntegrationEvents(ctx.db, requireAccountScope(ctx).accountId, String(args.id), args.eventTypes),
  }),
);

// Slack (decision 054): "Add to Slack" when the server has a Slack app, else a pasted incoming-webhook URL.
const SlackIntegrationRef = builder.objectRef<{ addToSlack: boolean }>("SlackIntegration").implement({
  fields: (t) => ({
    addToSlack: t.exposeBoolean("addToSlack", {
      description: 'True when this server has a Slack app (SLACK_CLIENT_ID): "Add to Slack" works; else an incoming-webhook URL is pasted.',
    }),
  }),
});

builder.queryField("slackIntegration", (t) =>
  t.field({
    type: SlackIntegrationRef,
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    resolve: (_root, _args, ctx) => {
      requireAccountScope(ctx);
      return { addToSlack: ctx.config.slack.app !== null };
    },
  }),
);

builder.mutationField("startSlackOAuth", (t) =>
  t.string({
    description: 'Where to send the browser for "Add to Slack": Slack\'s consent screen, with a signed state bound to this account and user (10 minutes).',
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    resolve: (_root, _args, ctx) => {
      const { accountId, userId } = requirePerson(requireAccountScope(ctx));
      return startSlackOAuth(ctx.db, ctx.config, accountId, userId, ctx.locale === "nl" ? "nl" : "en");
    },
  }),
);

const SlackWebhookInput = builder.inputType("SlackWebhookInput", {
  fields: (t) => ({
    url: t.string({ required: true, description: "The channel's incoming-webhook URL (https://hooks.slack.com/services/…)." }),
    channel: t.string({ description: "How the card names the channel, e.g. #sales." }),
    eventTypes: t.stringList({ description: "Default: quote signed, declined, first viewed, question asked." }),
  }),
});

builder.mutationField("connectSlackWebhook", (t) =>
  t.field({
    type: IntegrationConnectionRef,
    description: "Connects a Slack channel by its incoming-webhook URL (a server without a Slack app).",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: SlackWebhookInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId, userId } = requireAccountScope(ctx);
      const input = parseInput(ZSlackConnectInput, args.input);
      return connectSlackWebhook(ctx.db, ctx.config, accountId, userId, input);
    },
  }),
);
