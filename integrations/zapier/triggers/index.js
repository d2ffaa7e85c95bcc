const { apiUrl } = require("../lib/api");
const { hookTrigger } = require("../lib/hooks");
const samples = require("../lib/samples");

/** The instant triggers: one Offerly event type each (src/shared/events.ts). */
const hooks = [
  {
    key: "quoteSigned",
    eventType: "quote.signed",
    noun: "Quote",
    label: "Quote Signed",
    description: "Triggers when a quote is signed: the customer signed it (with their choice of optional lines) or you marked it signed.",
  },
  {
    key: "quoteViewed",
    eventType: "quote.viewed",
    noun: "Quote",
    label: "Quote Viewed",
    description: "Triggers when someone opens a published quote for the first time (once per new visitor, not on every page view).",
  },
  {
    key: "quoteDeclined",
    eventType: "quote.declined",
    noun: "Quote",
    label: "Quote Declined",
    description: "Triggers when a customer declines a quote, with their reason.",
  },
  {
    key: "questionAsked",
    eventType: "quote.question_asked",
    noun: "Question",
    label: "Question Asked",
    description: "Triggers when a customer asks a question on a quote.",
  },
  {
    key: "quotePublished",
    eventType: "quote.published",
    noun: "Quote",
    label: "Quote Published",
    description: "Triggers when a quote is published (its customer link starts to work).",
  },
  {
    key: "quoteSent",
    eventType: "quote.sent",
    noun: "Quote",
    label: "Quote Sent",
    description: "Triggers when a quote's link is e-mailed to the customer from Offerly.",
  },
  {
    key: "quotePaid",
    eventType: "quote.payment.paid",
    noun: "Payment",
    label: "Quote Paid",
    description: "Triggers when a customer pays a quote (the deposit or the full amount they agreed to) through your Mollie account.",
  },
  {
    key: "subscriptionStarted",
    eventType: "quote.subscription.created",
    noun: "Subscription",
    label: "Subscription Started",
    description:
      "Triggers when a customer's first payment starts a subscription for a quote's recurring lines (one per interval: monthly, quarterly, yearly) on your Mollie account.",
  },
  {
    key: "newCustomer",
    eventType: "customer.created",
    noun: "Customer",
    label: "New Customer",
    description: "Triggers when a customer is added.",
  },
].map((definition) => hookTrigger({ ...definition, sample: samples[definition.eventType] }));

/** Hidden triggers that fill the actions' drop-downs. */
const customerList = {
  key: "customerList",
  noun: "Customer",
  display: { label: "Customers", description: "The newest customers (for choosing one in an action).", hidden: true },
  operation: {
    perform: async (z, bundle) => (await z.request({ url: apiUrl(bundle, "/customers"), params: { limit: 100 } })).data.items,
    sample: samples.customer,
  },
};

const templateBlockList = {
  key: "templateBlockList",
  noun: "Template",
  display: { label: "Template Blocks", description: "The account's template blocks (for filling a new quote).", hidden: true },
  operation: {
    perform: async (z, bundle) => (await z.request({ url: apiUrl(bundle, "/template-blocks") })).data.items,
    sample: { id: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6", name: "Introduction", kind: "TEXT", updatedAt: "2026-10-30T12:00:00.000Z" },
  },
};

module.exports = [...hooks, customerList, templateBlockList];
