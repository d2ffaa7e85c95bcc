import { centsToString } from "../../../shared/totals";
import { STATS, ZStatisticsRange, ZTimeStatisticInput } from "../../../shared/statistics";
import { builder } from "../../graphql/builder";
import type { GraphQLContext } from "../../graphql/context";
import { cost } from "../../graphql/cost";
import { requireAccountScope } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { AppError } from "../../errors";
import { AccountRef } from "../identity/identity.graphql";
import { QuoteRef } from "../quotes/quotes.graphql";
import {
  type QuoteListStatistic,
  type QuoteStatistics,
  type StatisticsOverview,
  accountsWithRecentViews,
  getQuoteListStatistics,
  getQuoteStatistics,
  getStatisticsOverview,
  recordTime,
  recordView,
} from "./statistics.service";

// ── account settings: time zone and first-view e-mails ───────────────────────────────────────
builder.objectField(AccountRef, "timeZone", (t) =>
  t.exposeString("timeZone", { description: "IANA time zone of the statistics' days (default Europe/Amsterdam)." }),
);
builder.objectField(AccountRef, "hasQuoteViews", (t) =>
  t.loadable({
    type: "Boolean",
    description: `Whether customers opened the account's quotes on any day of the last ${STATS.maxRangeDays} days (the overview's widest range): the dashboard loads its chart only then.`,
    // Batched: one EXISTS read for all the accounts of a request, by the rollup's primary key.
    extensions: cost.perParent(1),
    load: async (ids: string[], ctx: GraphQLContext) => {
      const withViews = await ctx.readDb.run((db) => accountsWithRecentViews(db, ids));
      return ids.map((id) => withViews.has(id));
    },
    resolve: (a) => a.id,
  }),
);
builder.objectField(AccountRef, "notifyFirstView", (t) =>
  t.exposeBoolean("notifyFirstView", { description: "E-mail the owners when a customer first opens a published quote." }),
);

// ── public tracking ───────────────────────────────────────────────────────────────────────────
type ViewPayload = { viewId: string | null; counted: boolean };
const ViewStatisticRef = builder.objectRef<ViewPayload>("ViewStatistic").implement({
  description:
    "The result of opening a public quote: the view to add reading time to (null when nothing is tracked: a bot, a prefetch, the sender's own team, an unavailable quote or a flood).",
  fields: (t) => ({
    viewId: t.exposeID("viewId", { nullable: true }),
    counted: t.exposeBoolean("counted", { description: "False for a repeat open within 30 minutes (the same view continues) and for anything not tracked." }),
  }),
});

const TimeStatisticRef = builder.objectRef<{ acceptedSeconds: number }>("TimeStatistic").implement({
  description: "How many of the claimed seconds were counted (bounded: never more than has passed since the view began).",
  fields: (t) => ({ acceptedSeconds: t.exposeInt("acceptedSeconds") }),
});

const BlockTimeInput = builder.inputType("BlockTimeInput", {
  fields: (t) => ({ blockId: t.id({ required: true }), seconds: t.int({ required: true }) }),
});
const TimeStatisticInput = builder.inputType("TimeStatisticInput", {
  fields: (t) => ({
    viewId: t.id({ required: true }),
    nanoId: t.string({ required: true }),
    seconds: t.int({ required: true, description: "Visible reading time since the previous entry of this view." }),
    blocks: t.field({ type: [BlockTimeInput], description: "How those seconds split over the quote's blocks (which block was in view)." }),
  }),
});

function visitorOf(ctx: GraphQLContext) {
  const h = ctx.request.headers;
  return {
    ip: ctx.clientAddress ?? "unknown",
    userAgent: h.get("user-agent"),
    purpose: h.get("sec-purpose") ?? h.get("purpose") ?? h.get("x-purpose") ?? h.get("x-moz"),
    userId: ctx.auth.user?.id ?? null,
  };
}

builder.mutationField("createViewStatistic", (t) =>
  t.field({
    type: ViewStatisticRef,
    description: "A customer opened the public quote (public; never fails: unwanted calls are dropped silently).",
    authScopes: { public: true },
    extensions: cost.mutation,
    args: { nanoId: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      try {
        const result = await recordView(ctx.db, { publicUrl: ctx.config.publicUrl }, args.nanoId, visitorOf(ctx));
        return { viewId: result.viewId, counted: result.counted };
      } catch (error) {
        ctx.log.warn({ err: error }, "view statistic dropped");
        return { viewId: null, counted: false };
      }
    },
  }),
);

builder.mutationField("createTimeStatistic", (t) =>
  t.field({
    type: TimeStatisticRef,
    description: "Visible reading time of a view (public; bounded and rate-limited; anything else is dropped silently).",
    authScopes: { public: true },
    // A beacon: an unknown view or block id is dropped silently (graphql/ids.ts).
    extensions: { ...cost.mutation, nonUuidIds: "ignored" },
    args: { input: t.arg({ type: TimeStatisticInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const parsed = ZTimeStatisticInput.safeParse({ ...args.input, blocks: args.input.blocks ?? [] });
      if (!parsed.success) return { acceptedSeconds: 0 };
      try {
        return await recordTime(ctx.db, parsed.data, ctx.clientAddress ?? "unknown");
      } catch (error) {
        ctx.log.warn({ err: error }, "time statistic dropped");
        return { acceptedSeconds: 0 };
      }
    },
  }),
);

// ── account-scoped reads ──────────────────────────────────────────────────────────────────────
const VisitRef = builder.objectRef<QuoteStatistics["timeEntries"][number]>("QuoteTimeEntry").implement({
  description: "One visit: when it began and the visible reading time counted for it.",
  fields: (t) => ({
    insertedAt: t.field({ type: "DateTime", resolve: (v) => v.insertedAt }),
    totalTime: t.exposeInt("totalTime", { description: "Seconds." }),
  }),
});

const BlockTimeRef = builder.objectRef<QuoteStatistics["blocks"][number]>("QuoteBlockTime").implement({
  fields: (t) => ({
    blockId: t.exposeID("blockId"),
    name: t.exposeString("name", { nullable: true, description: "Null when the block no longer exists." }),
    totalTime: t.exposeInt("totalTime", { description: "Seconds this block was the one in view." }),
  }),
});

const QuoteStatisticsRef = builder.objectRef<QuoteStatistics>("QuoteStatistics").implement({
  description: "Views and reading time of one published quote.",
  fields: (t) => ({
    quoteId: t.exposeID("quoteId"),
    views: t.exposeInt("views"),
    totalTime: t.exposeInt("totalTime", { description: "Seconds of visible reading time." }),
    averageTime: t.exposeInt("averageTime", { description: "Seconds per view, rounded." }),
    timeEntries: t.field({
      type: [VisitRef],
      description: `The newest visits (at most ${STATS.timelineLength}), newest first.`,
      extensions: cost.loadedList(STATS.timelineLength),
      resolve: (s) => s.timeEntries,
    }),
    blocks: t.field({
      type: [BlockTimeRef],
      description: "Reading time per block, in the quote's order.",
      extensions: cost.loadedList(20),
      resolve: (s) => s.blocks,
    }),
  }),
});

const QuoteListStatisticRef = builder.objectRef<QuoteListStatistic>("QuoteListStatistic").implement({
  description: "Views and reading time of one quote of a list.",
  fields: (t) => ({
    quoteId: t.exposeID("quoteId"),
    // Loaded with the list (one query for all its quotes), not per row.
    quote: t.field({ type: QuoteRef, resolve: (s) => s.quote }),
    views: t.exposeInt("views"),
    totalTime: t.exposeInt("totalTime", { description: "Seconds." }),
  }),
});

const OverviewDayRef = builder.objectRef<StatisticsOverview["entries"][number]>("StatisticsOverviewEntry").implement({
  fields: (t) => ({
    date: t.exposeString("date", { description: "YYYY-MM-DD in the account's time zone." }),
    averageTime: t.exposeInt("averageTime", { description: "Seconds per view of the views that began that day." }),
    quoteViews: t.exposeInt("quoteViews"),
    totalTime: t.exposeInt("totalTime"),
    quotesPublished: t.exposeInt("quotesPublished"),
    quotesSigned: t.exposeInt("quotesSigned"),
  }),
});

const PaymentsReceivedRef = builder.objectRef<StatisticsOverview["paymentsReceived"][number]>("PaymentsReceived").implement({
  description: "Customers' payments received in one currency (issue 26).",
  fields: (t) => ({
    currency: t.exposeString("currency"),
    count: t.exposeInt("count", { description: "Payments received (a quote's version is paid at most once)." }),
    amount: t.string({ description: "Exact, two decimals, incl. VAT.", resolve: (p) => centsToString(p.amountCents) }),
  }),
});

const OverviewRef = builder.objectRef<StatisticsOverview>("StatisticsOverview").implement({
  fields: (t) => ({
    from: t.exposeString("from"),
    to: t.exposeString("to"),
    timeZone: t.exposeString("timeZone"),
    averageTime: t.exposeInt("averageTime", { description: "Seconds per view over the range." }),
    totalTime: t.exposeInt("totalTime"),
    totalQuoteViews: t.exposeInt("totalQuoteViews"),
    totalQuotesPublished: t.exposeInt("totalQuotesPublished"),
    totalQuotesSigned: t.exposeInt("totalQuotesSigned"),
    totalQuotesPaid: t.int({
      description: "Customers' payments received in the range, all currencies.",
      resolve: (o) => o.paymentsReceived.reduce((n, p) => n + p.count, 0),
    }),
    paymentsReceived: t.field({
      type: [PaymentsReceivedRef],
      description: "The amounts received in the range, per currency.",
      extensions: cost.loadedList(3),
      resolve: (o) => o.paymentsReceived,
    }),
    entries: t.field({
      type: [OverviewDayRef],
      description: "One entry per day of the range, days without activity included.",
      extensions: cost.loadedList(31),
      resolve: (o) => o.entries,
    }),
  }),
});

builder.queryField("quoteStatistics", (t) =>
  t.field({
    type: QuoteStatisticsRef,
    description: "Views, reading time, visits and time per block of one of the account's published (or signed) quotes; refused for drafts.",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    args: { quoteId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return ctx.readDb.run((db) => getQuoteStatistics(db, accountId, String(args.quoteId)));
    },
  }),
);

builder.queryField("quoteListStatistics", (t) =>
  t.field({
    type: [QuoteListStatisticRef],
    description: `Views and reading time per quote for a list (at most ${STATS.maxListIds} of the account's quote ids; others are left out).`,
    authScopes: { accountRole: "member" },
    extensions: {
      complexity: ({ args, childComplexity }: { args: Record<string, unknown>; childComplexity: number }) =>
        5 + (Array.isArray(args.quoteIds) ? Math.min(args.quoteIds.length, STATS.maxListIds) : STATS.maxListIds) * (1 + childComplexity),
      // Ids that name no quote of the account are left out of the list (graphql/ids.ts).
      nonUuidIds: "ignored",
    },
    args: { quoteIds: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      if (args.quoteIds.length > STATS.maxListIds) throw new AppError("BAD_USER_INPUT", "statistics:errors.tooManyIds", { max: STATS.maxListIds });
      return ctx.readDb.run((db) => getQuoteListStatistics(db, accountId, args.quoteIds.map(String)));
    },
  }),
);

builder.queryField("quoteStatisticsOverview", (t) =>
  t.field({
    type: OverviewRef,
    description: `Views, reading time, publications and signatures per day, in the account's time zone, for local days from–to (inclusive, at most ${STATS.maxRangeDays} days).`,
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    args: { from: t.arg.string({ required: true, description: "YYYY-MM-DD" }), to: t.arg.string({ required: true, description: "YYYY-MM-DD" }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return ctx.readDb.run((db) => getStatisticsOverview(db, accountId, parseInput(ZStatisticsRange, { from: args.from, to: args.to })));
    },
  }),
);
