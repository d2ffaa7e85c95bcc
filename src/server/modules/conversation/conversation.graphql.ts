import { ZAnswerInput, ZAskQuestionInput, ZDeclineInput, ZQuoteReminderInput, ZSendQuoteInput } from "../../../shared/conversation";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { ConversationEntryKindEnum } from "../../graphql/enums";
import { requireAccountScope, requirePerson } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { AccountRef } from "../identity/identity.graphql";
import { QuoteRef } from "../quotes/quotes.graphql";
import { getQuoteById, quoteNotFound } from "../quotes/quotes.service";
import {
  type ConversationEntry,
  type ReminderView,
  answerQuoteQuestion,
  askQuoteQuestion,
  clientKeyOf,
  declineQuote,
  findActiveDeclines,
  findConversationOfQuotes,
  findReminders,
  sendQuoteToCustomer,
  updateAccountNotifications,
  updateQuoteReminder,
} from "./conversation.service";

const ConversationEntryRef = builder.objectRef<ConversationEntry>("QuoteConversationEntry").implement({
  description: "One event of the conversation around a quote: a question (with its answer), a decline, a send or a reminder.",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.field({ type: ConversationEntryKindEnum, resolve: (e) => e.kind }),
    text: t.exposeString("body", { nullable: true, description: "The question, the decline reason or the personal message sent with the quote." }),
    email: t.exposeString("email", { nullable: true, description: "Where a SENT or REMINDER e-mail went." }),
    answer: t.exposeString("answer", { nullable: true }),
    answerEmail: t.exposeString("answerEmail", { nullable: true, description: "Where the answer was e-mailed." }),
    answeredAt: t.field({ type: "DateTime", nullable: true, resolve: (e) => e.answeredAt }),
    active: t.boolean({
      description: "For a DECLINE: true while it counts (until the quote is published again).",
      resolve: (e) => e.kind === "DECLINE" && e.clearedAt === null,
    }),
    createdAt: t.field({ type: "DateTime", resolve: (e) => e.createdAt }),
  }),
});

const QuoteDeclineRef = builder.objectRef<ConversationEntry>("QuoteDecline").implement({
  description: "The customer's decline of a quote, until the quote is published again.",
  fields: (t) => ({
    declinedAt: t.field({ type: "DateTime", resolve: (e) => e.createdAt }),
    reason: t.exposeString("body", { nullable: true }),
  }),
});

const QuoteReminderRef = builder.objectRef<ReminderView>("QuoteReminder").implement({
  description: "The reminder e-mail to the customer N days before the quote expires.",
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled"),
    daysBefore: t.exposeInt("daysBefore", { description: "1–30 days before the expiration date." }),
    sentAt: t.field({ type: "DateTime", nullable: true, description: "When the last reminder went out.", resolve: (r) => r.sentAt }),
    scheduledFor: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the next reminder is due (null when none is planned).",
      resolve: (r) => r.scheduledFor,
    }),
  }),
});

builder.objectFields(QuoteRef, (t) => ({
  conversation: t.loadableGroup({
    type: ConversationEntryRef,
    description: "Questions, declines, sends and reminders, oldest first.",
    extensions: cost.perParent(10),
    load: async (ids: string[], ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return [...(await findConversationOfQuotes(ctx.db, accountId, ids)).values()].flat();
    },
    group: (entry) => entry.quoteId,
    resolve: (q) => q.id,
  }),
  decline: t.loadable({
    type: QuoteDeclineRef,
    nullable: true,
    description: "The customer's decline while it counts: the app shows the quote as Declined and signing is refused.",
    extensions: cost.perParent(1),
    load: async (ids: string[], ctx) => {
      const map = await findActiveDeclines(ctx.db, ids);
      return ids.map((id) => map.get(id) ?? null);
    },
    resolve: (q) => q.id,
  }),
  reminder: t.loadable({
    type: QuoteReminderRef,
    description: "The reminder setting (off with 3 days until it is set).",
    extensions: cost.perParent(2),
    load: async (ids: string[], ctx) => {
      const map = await findReminders(ctx.db, ids);
      return ids.map((id) => map.get(id)!);
    },
    resolve: (q) => q.id,
  }),
}));

const SendQuoteInput = builder.inputType("SendQuoteToCustomerInput", {
  fields: (t) => ({
    email: t.string({ required: true, description: "The customer's address (pre-filled from the customer in the app)." }),
    message: t.string({ required: false, description: "A personal message, at most 2,000 characters." }),
  }),
});

const QuoteReminderInput = builder.inputType("QuoteReminderInput", {
  fields: (t) => ({
    enabled: t.boolean({ required: true }),
    daysBefore: t.int({ required: true, description: "1–30." }),
  }),
});

builder.mutationField("sendQuoteToCustomer", (t) =>
  t.field({
    type: ConversationEntryRef,
    description: "E-mails the public link of a published quote to the customer, in the quote's language, with an optional personal message.",
    authScopes: { permission: "quotes.write" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: SendQuoteInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId, userId } = requirePerson(requireAccountScope(ctx));
      const input = parseInput(ZSendQuoteInput, args.input);
      return sendQuoteToCustomer({ db: ctx.db, publicUrl: ctx.config.publicUrl }, { accountId, userId }, String(args.id), input);
    },
  }),
);

builder.mutationField("answerQuoteQuestion", (t) =>
  t.field({
    type: ConversationEntryRef,
    description: "Answers a customer's question: stored and e-mailed to the customer's contact in the quote's language (once).",
    authScopes: { permission: "quotes.write" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true, description: "The question's id." }), answer: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId, userId } = requirePerson(requireAccountScope(ctx));
      const { answer } = parseInput(ZAnswerInput, { answer: args.answer });
      return answerQuoteQuestion({ db: ctx.db, publicUrl: ctx.config.publicUrl }, { accountId, userId }, String(args.id), answer);
    },
  }),
);

builder.mutationField("updateQuoteReminder", (t) =>
  t.field({
    type: QuoteRef,
    description: "Switches a quote's reminder e-mail on or off and sets its days before expiry; allowed while published.",
    authScopes: { permission: "quotes.write" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: QuoteReminderInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const input = parseInput(ZQuoteReminderInput, args.input);
      await updateQuoteReminder(ctx.db, accountId, String(args.id), input);
      const quote = await getQuoteById(ctx.db, accountId, String(args.id));
      if (!quote) throw quoteNotFound();
      return quote;
    },
  }),
);

const PublicQuestionRef = builder.objectRef<ConversationEntry>("PublicQuoteQuestion").implement({
  description: "A question the customer asked on a public quote.",
  fields: (t) => ({
    question: t.string({ resolve: (e) => e.body ?? "" }),
    askedAt: t.field({ type: "DateTime", resolve: (e) => e.createdAt }),
  }),
});

builder.mutationField("askQuoteQuestion", (t) =>
  t.field({
    type: PublicQuestionRef,
    description: "The customer asks a question on a published quote, by its link's nanoId (no sign-in). Limited per address and per quote.",
    authScopes: { public: true },
    extensions: cost.mutation,
    args: { nanoId: t.arg.string({ required: true }), question: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { question } = parseInput(ZAskQuestionInput, { question: args.question });
      return askQuoteQuestion({ db: ctx.db, publicUrl: ctx.config.publicUrl }, { nanoId: args.nanoId, question, clientKey: clientKeyOf(ctx.clientAddress) });
    },
  }),
);

builder.mutationField("declineQuote", (t) =>
  t.field({
    type: QuoteDeclineRef,
    description: "The customer declines a published quote, by its link's nanoId (no sign-in), with an optional reason. Signing is refused afterwards.",
    authScopes: { public: true },
    extensions: cost.mutation,
    args: { nanoId: t.arg.string({ required: true }), reason: t.arg.string({ required: false }) },
    resolve: async (_root, args, ctx) => {
      const { reason } = parseInput(ZDeclineInput, { reason: args.reason });
      return declineQuote(
        { db: ctx.db, publicUrl: ctx.config.publicUrl },
        {
          nanoId: args.nanoId,
          reason,
          clientKey: clientKeyOf(ctx.clientAddress),
          evidence: { ip: ctx.clientAddress ?? null, userAgent: ctx.request.headers.get("user-agent") },
        },
      );
    },
  }),
);

builder.objectFields(AccountRef, (t) => ({
  notifyQuoteResponses: t.exposeBoolean("notifyQuoteResponses", {
    description: "Whether the account's owners get an e-mail when a customer signs or declines a quote.",
  }),
}));

builder.mutationField("updateAccountNotifications", (t) =>
  t.field({
    type: AccountRef,
    description: "Switches the owners' e-mail on signed and declined quotes on or off.",
    authScopes: { permission: "account.update" },
    extensions: cost.mutation,
    args: { notifyQuoteResponses: t.arg.boolean({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return updateAccountNotifications(ctx.db, accountId, { notifyQuoteResponses: args.notifyQuoteResponses });
    },
  }),
);
