/**
 * Static samples (Zapier shows them when an account has no such event yet): the exact shape of the
 * delivered body with its webhook-id (lib/hooks.js). The root test
 * tests/production/zapier.test.ts checks every `data` against the server's event schemas.
 */
const quote = {
  id: "6f1c2a52-5b8e-4a8e-9a51-3d2f7c1e9b10",
  number: "2026-0042",
  name: "Website redesign",
  status: "PUBLISHED",
  lifecycle: "VIEWED",
  language: "ENG",
  currency: "EUR",
  quoteDate: "2026-11-02",
  expirationDate: "2026-12-02",
  publishedAt: "2026-11-02T09:30:00.000Z",
  signedAt: null,
  version: 1,
  totals: {
    currency: "EUR",
    oneOff: { totalExclVat: "4800.00", vatTotal: "1008.00", totalInclVat: "5808.00" },
    recurring: [{ interval: "MONTH", totalExclVat: "120.00", vatTotal: "25.20", totalInclVat: "145.20" }],
  },
  links: {
    public: "https://offerly.example.com/quote/studio-noord/Xk3v9QpL2m",
    app: "https://offerly.example.com/app/quotes/6f1c2a52-5b8e-4a8e-9a51-3d2f7c1e9b10",
  },
  customer: { id: "0d9b7c1e-2f4a-4b6c-8d0e-1a2b3c4d5e6f", name: "Acme BV", companyName: "Acme", email: "finance@acme.example" },
};

const event = (id, type, timestamp, data) => ({ id, type, timestamp, data });

const signed = { ...quote, status: "SIGNED", lifecycle: "SIGNED", signedAt: "2026-11-04T14:12:09.000Z" };

module.exports = {
  "quote.signed": event("msg_2b4e6c8a0d1f4e3a9b7c5d1e0f2a4b6c", "quote.signed", "2026-11-04T14:12:09.000Z", {
    quote: signed,
    selection: { optionalLineIds: [], totals: quote.totals },
  }),
  "quote.payment.paid": event("msg_7a1c3e5f7b9d4c2e8f0a1b3c5d7e9f1a", "quote.payment.paid", "2026-11-04T14:20:31.000Z", {
    quote: { ...quote, lifecycle: "CUSTOMER_SIGNED" },
    payment: {
      id: "5b0c7e1a-9d3f-4a6b-8c2e-1f4d6a8b0c3e",
      status: "paid",
      amount: "368.40",
      currency: "EUR",
      version: 1,
      provider: "mollie",
      providerPaymentId: "tr_7UhSN1zuXS",
    },
  }),
  "quote.subscription.created": event("msg_9c1f3a5b7d8e4f1a2b3c4d5e6f7a8b9c", "quote.subscription.created", "2026-11-04T14:20:33.000Z", {
    quote: { ...quote, lifecycle: "CUSTOMER_SIGNED" },
    subscription: {
      id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      status: "ACTIVE",
      interval: "MONTH",
      amount: "30.25",
      currency: "EUR",
      startDate: "2026-12-04",
      nextPaymentDate: "2026-12-04",
      provider: "mollie",
      providerSubscriptionId: "sub_rVKGtNd6s3",
      providerCustomerId: "cst_8wmqcHMN4U",
    },
  }),
  "quote.viewed": event("msg_3c5f7d9b1e2a4f5b8c6d0e2f1a3b5c7d", "quote.viewed", "2026-11-03T08:01:44.000Z", { quote, version: 1 }),
  "quote.declined": event("msg_4d6a8e0c2f3b4a6c9d7e1f3a2b4c6d8e", "quote.declined", "2026-11-05T10:20:00.000Z", {
    quote: { ...quote, lifecycle: "DECLINED" },
    reason: "We chose another supplier.",
  }),
  "quote.question_asked": event("msg_5e7b9f1d3a4c4b7d0e8f2a4b3c5d7e9f", "quote.question_asked", "2026-11-03T11:45:10.000Z", {
    quote,
    question: { id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", text: "Can the second phase start in January?" },
  }),
  "quote.published": event("msg_6f8c0a2e4b5d4c8e1f9a3b5c4d6e8f0a", "quote.published", "2026-11-02T09:30:00.000Z", {
    quote: { ...quote, lifecycle: "PUBLISHED" },
  }),
  "quote.sent": event("msg_7a9d1b3f5c6e4d9f2a0b4c6d5e7f9a1b", "quote.sent", "2026-11-02T09:31:05.000Z", {
    quote: { ...quote, lifecycle: "PUBLISHED" },
    recipients: ["finance@acme.example"],
  }),
  "customer.created": event("msg_8b0e2c4a6d7f4e0a3b1c5d7e6f8a0b2c", "customer.created", "2026-11-01T16:00:00.000Z", {
    customer: { id: "0d9b7c1e-2f4a-4b6c-8d0e-1a2b3c4d5e6f", name: "Acme BV", companyName: "Acme", email: "finance@acme.example" },
  }),
  customer: {
    id: "0d9b7c1e-2f4a-4b6c-8d0e-1a2b3c4d5e6f",
    name: "Acme BV",
    companyName: "Acme",
    contactPerson: "Sanne de Boer",
    email: "finance@acme.example",
    phone: "+31 20 123 4567",
    content: "Keizersgracht 1\n1015 CC Amsterdam",
    createdAt: "2026-11-01T16:00:00.000Z",
    updatedAt: "2026-11-01T16:00:00.000Z",
  },
  draftQuote: {
    ...quote,
    status: "DRAFT",
    lifecycle: "DRAFT",
    publishedAt: null,
    version: null,
    totals: { currency: "EUR", oneOff: { totalExclVat: "0.00", vatTotal: "0.00", totalInclVat: "0.00" }, recurring: [] },
  },
};
