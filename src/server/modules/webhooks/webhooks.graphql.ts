import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_LIMITS, ZWebhookEndpointInput } from "../../../shared/webhooks";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { requireAccountScope } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import {
  type WebhookDeliveryView,
  type WebhookEndpointRow,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookEndpointSecret,
  sendTestWebhookEvent,
  updateWebhookEndpoint,
} from "./webhooks.service";

/**
 * Outbound webhooks for the Developers screen (issue 23, decision 048). Owners and admins only;
 * reads and deletion on any plan, everything else with the plan feature developerApi (the
 * services check it).
 */
const WebhookDisabledReasonEnum = builder.enumType("WebhookDisabledReason", {
  values: WEBHOOK_DISABLED_REASONS,
  description: "GONE: the receiver answered 410. FAILING: deliveries failed for about three days. MANUAL: switched off by a person.",
});
const WebhookDeliveryStatusEnum = builder.enumType("WebhookDeliveryStatus", { values: WEBHOOK_DELIVERY_STATUSES });

export const WebhookEndpointRef = builder.objectRef<WebhookEndpointRow>("WebhookEndpoint").implement({
  description: "A URL that receives the account's events, signed the Standard Webhooks way.",
  fields: (t) => ({
    id: t.exposeID("id"),
    url: t.exposeString("url"),
    description: t.exposeString("description", { nullable: true }),
    eventTypes: t.field({ type: ["String"], resolve: (e) => e.eventTypes }),
    enabled: t.exposeBoolean("enabled"),
    disabledReason: t.field({ type: WebhookDisabledReasonEnum, nullable: true, resolve: (e) => e.disabledReason }),
    createdAt: t.field({ type: "DateTime", resolve: (e) => e.createdAt }),
    secret: t.string({
      description: "The signing secret (whsec_…). Decrypted only when asked for (the screen's Reveal).",
      resolve: (e, _args, ctx) => revealWebhookSecret(ctx.config.webhooks, e),
    }),
    previousSecretExpiresAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "After a rotation: until when deliveries are signed with the previous secret too.",
      resolve: (e) => (e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date() ? e.previousSecretExpiresAt : null),
    }),
    deliveriesPaused: t.exposeBoolean("deliveriesPaused", {
      description: "True when the account's plan has no developer API (or has expired): the configuration stays, nothing is delivered.",
    }),
  }),
});

export const WebhookDeliveryRef = builder.objectRef<WebhookDeliveryView>("WebhookDelivery").implement({
  description: "One delivery attempt of a message to an endpoint (kept 30 days).",
  fields: (t) => ({
    id: t.exposeID("id"),
    webhookId: t.exposeString("webhookId", { description: "The message's webhook-id header (msg_…), the same for every attempt and resend." }),
    eventType: t.exposeString("eventType"),
    attempt: t.exposeInt("attempt"),
    status: t.field({ type: WebhookDeliveryStatusEnum, resolve: (d) => d.status }),
    statusCode: t.exposeInt("statusCode", { nullable: true }),
    latencyMs: t.exposeInt("latencyMs", { nullable: true }),
    responseBody: t.exposeString("responseBody", { nullable: true, description: "The first 1 KB of the receiver's answer." }),
    error: t.exposeString("error", { nullable: true, description: "Why the attempt failed without an answer (timeout, refused address, connection error)." }),
    createdAt: t.field({ type: "DateTime", resolve: (d) => d.createdAt }),
    cursor: t.exposeString("cursor", { description: "Pass as `after` to get the next (older) page." }),
  }),
});

const WebhookEndpointInput = builder.inputType("WebhookEndpointInput", {
  fields: (t) => ({
    url: t.string({ required: true }),
    eventTypes: t.stringList({ required: true }),
    description: t.string(),
    enabled: t.boolean({ description: "True when left out." }),
  }),
});

builder.queryField("webhookEndpoints", (t) =>
  t.field({
    type: [WebhookEndpointRef],
    description: "The selected account's webhook endpoints (owners and admins).",
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    resolve: (_root, _args, ctx) => listWebhookEndpoints(ctx.db, requireAccountScope(ctx).accountId),
  }),
);

builder.queryField("webhookDeliveries", (t) =>
  t.field({
    type: [WebhookDeliveryRef],
    description: `An endpoint's delivery attempts of the last 30 days, newest first (\`first\` ≤ ${WEBHOOK_LIMITS.deliveriesPage}, default 50).`,
    authScopes: { accountRole: "admin" },
    // Costs what the page asked for reads (issue 27 item 7): 50 by default, 100 at most.
    extensions: cost.list({ arg: "first", fallback: 50, max: WEBHOOK_LIMITS.deliveriesPage, base: 5, perItem: 1 }),
    args: { endpointId: t.arg.id({ required: true }), first: t.arg.int(), after: t.arg.string() },
    resolve: (_root, args, ctx) =>
      listWebhookDeliveries(ctx.db, requireAccountScope(ctx).accountId, String(args.endpointId), { first: args.first, after: args.after }),
  }),
);

builder.mutationField("createWebhookEndpoint", (t) =>
  t.field({
    type: WebhookEndpointRef,
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: WebhookEndpointInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId, userId } = requireAccountScope(ctx);
      const input = parseInput(ZWebhookEndpointInput, args.input);
      return (await createWebhookEndpoint(ctx.db, accountId, { userId }, input, ctx.config.webhooks)).endpoint;
    },
  }),
);

builder.mutationField("updateWebhookEndpoint", (t) =>
  t.field({
    type: WebhookEndpointRef,
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: WebhookEndpointInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId, userId } = requireAccountScope(ctx);
      const input = parseInput(ZWebhookEndpointInput, args.input);
      return updateWebhookEndpoint(ctx.db, accountId, { userId }, String(args.id), input, ctx.config.webhooks);
    },
  }),
);

builder.mutationField("deleteWebhookEndpoint", (t) =>
  t.id({
    description: "Deletes an endpoint and its delivery log; returns its id.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId, userId } = requireAccountScope(ctx);
      return deleteWebhookEndpoint(ctx.db, accountId, { userId }, String(args.id));
    },
  }),
);

builder.mutationField("rotateWebhookEndpointSecret", (t) =>
  t.field({
    type: WebhookEndpointRef,
    description: "A new signing secret; deliveries carry a signature with the previous one too for 24 hours.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId, userId } = requireAccountScope(ctx);
      return rotateWebhookEndpointSecret(ctx.db, accountId, { userId }, String(args.id), ctx.config.webhooks);
    },
  }),
);

builder.mutationField("sendTestWebhookEvent", (t) =>
  t.field({
    type: WebhookDeliveryRef,
    description: "Sends a webhook.test event to the endpoint (in the background); returns its first attempt, PENDING.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId, userId } = requireAccountScope(ctx);
      return sendTestWebhookEvent(ctx.db, accountId, { userId }, String(args.id));
    },
  }),
);

builder.mutationField("resendWebhookDelivery", (t) =>
  t.field({
    type: WebhookDeliveryRef,
    description: "Delivers a logged message again (the same webhook-id and body); returns the new first attempt, PENDING.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId, userId } = requireAccountScope(ctx);
      return resendWebhookDelivery(ctx.db, accountId, { userId }, String(args.id));
    },
  }),
);
