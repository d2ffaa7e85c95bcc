import { type DocumentNode, print } from "graphql";
import { describe, expect, it } from "vitest";
import { COST_LIMITS } from "../../src/server/graphql/cost";
import { queryCost } from "../../src/server/graphql/rules";
import * as operations from "../../src/web/graphql/generated/graphql";

/** Every operation the web client sends stays within the cost limit, even at the largest page. */
describe("the web client's operations and the query cost limit", () => {
  const documents = Object.entries(operations).filter(([name]) => name.endsWith("Document")) as [string, DocumentNode][];

  it("has operations to check", () => {
    expect(documents.length).toBeGreaterThan(5);
  });

  const inputs: Record<string, unknown> = {
    CustomerInput: { name: "Acme" },
    QuoteInput: {
      name: "Q",
      customerId: crypto.randomUUID(),
      language: "ENG",
      currency: "EUR",
      quoteDateAt: "2026-01-01",
      quoteExpirationAt: "2026-02-01",
      signable: true,
    },
    SignUpInput: { name: "Ann", companyName: "Acme" },
    UpdateAccountInput: { name: "Acme", country: "NL", currency: "EUR", language: "NL" },
    UpdateAccountStylingInput: { linkColor: "#000000" },
    CreateAccountInput: { companyName: "Acme" },
    CreateFirstSubscriptionPaymentInput: { plan: "BASIC", interval: "YEARLY" },
    ChangeSubscriptionInput: { plan: "PRO", interval: "MONTHLY", confirmPendingSignatures: true },
    InviteUserInput: { email: "ann@example.test", name: "Ann", role: "MEMBER" },
    TextBlockInput: { name: "Intro", content: null },
    PricingBlockInput: {
      name: "Prices",
      pricingUnit: "MONTH",
      lineItems: [{ name: "A", price: "1", amount: "1", vatRate: "21", optional: false, selected: true, recurring: false }],
    },
    TemplateSignatureInput: { name: "Ann", kind: "TYPED", signature: "Ann" },
    CreateQuoteSignatureInput: { name: "Ann", signedAt: "2026-01-01", signatureKind: "TYPED", signature: "Ann" },
    SendQuoteToCustomerInput: { email: "ann@example.test", message: "Hello" },
    QuoteReminderInput: { enabled: true, daysBefore: 3 },
    // The Developers screen (issue 23).
    WebhookEndpointInput: { url: "https://example.com/hooks", eventTypes: ["quote.signed"], description: null, enabled: true },
    CreateApiKeyInput: { name: "Zapier", role: "ADMIN", expiresAt: null },
    // Settings → Integrations (issue 24).
    SlackWebhookInput: { url: "https://hooks.slack.com/services/T0/B0/x", channel: "#sales", eventTypes: ["quote.signed"] },
    AddCustomDomainInput: { domain: "quotes.example.com" },
  };
  // Other required variables: the team operations (issue 11) and the block editor (issue 10).
  const teamVariables = { userId: crypto.randomUUID(), role: "ADMIN", token: "t".repeat(43), confirmName: "Acme" };
  const blockVariables = { quoteId: crypto.randomUUID(), templateBlockId: crypto.randomUUID(), ids: [crypto.randomUUID()] };
  // The billing plan-change preview (issue 12).
  const billingVariables = { plan: "PRO", interval: "YEARLY" };
  // Statistics (issue 15): the widest range and the most quote ids a call may ask for.
  const statisticsVariables = { from: "2025-01-01", to: "2025-12-31", quoteIds: Array.from({ length: 100 }, () => crypto.randomUUID()) };
  // The conversation (issue 14).
  const conversationVariables = { answer: "Yes", notifyQuoteResponses: true };
  // Quote versions (issue 14, decision 032).
  const versionVariables = { number: 1 };
  // The Developers screen's delivery log (issue 23): its largest page.
  const developersVariables = { endpointId: crypto.randomUUID(), first: 100, after: null };
  // Settings → Integrations (issue 24): switching, events, Harvest's connect form.
  // and the Mollie card (issue 26): a pasted API key.
  const integrationVariables = {
    enabled: true,
    eventTypes: ["quote.signed", "quote.declined"],
    token: "pat",
    accountId: "123456",
    create: "BOTH",
    apiKey: "test_x",
  };

  it.each(documents)("%s costs at most the limit with pageSize 100 and a search", (_name, document) => {
    const inputType = print(document).match(/\$input: (\w+)!/)?.[1];
    const cost = queryCost({
      document,
      variableValues: {
        page: 1,
        pageSize: 100,
        search: "a",
        id: crypto.randomUUID(),
        file: new File(["x"], "logo.png"),
        ...teamVariables,
        ...blockVariables,
        ...billingVariables,
        ...statisticsVariables,
        ...conversationVariables,
        ...versionVariables,
        ...developersVariables,
        ...integrationVariables,
        ...(inputType ? { input: inputs[inputType] } : {}),
      },
    });
    expect(cost).toBeDefined();
    expect(cost!).toBeLessThanOrEqual(COST_LIMITS.maxCost);
  });
});
