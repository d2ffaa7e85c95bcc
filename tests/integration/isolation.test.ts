import { isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { quoteConversationEntries, quotePayments, quoteSubscriptions } from "../../src/server/db/schema";
import { schema } from "../../src/server/graphql/schema";
import { createApiKey } from "../../src/server/modules/api-keys/api-keys.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn } from "../support/auth";
import { createCustomer, createQuote } from "../support/quotes";
import { imageFileArea } from "../../src/shared/rich-text";
import { uploadFile } from "../support/upload";

/**
 * Account isolation: every account-scoped operation, called by a user of account B with
 * B's session and A's ids or A's Account header, must be refused. Each later issue adds its
 * operations to OPERATIONS; the last test fails when the schema has an account-scoped root
 * field that is not listed here.
 */
type Ids = {
  accountId: string;
  customerId: string;
  quoteId: string;
  blockId: string;
  templateBlockId: string;
  signatureId: string;
  memberUserId: string;
  invitationId: string;
  questionId: string;
  webhookEndpointId: string;
  slackConnectionId: string;
  webhookDeliveryId: string;
  apiKeyId: string;
  subscriptionId: string;
};
/** `upload`: sent as a multipart request with a real PNG as `$file` (tests/support/upload.ts). */
type Operation = { query: string; variables?: (victim: Ids) => Record<string, unknown>; upload?: true };

const OPERATIONS: Record<string, Operation> = {
  "Query.account": { query: "{ account { id name } }" },
  // Customers and quotes (issue 4): the victim's ids, names containing "Victim Ltd".
  "Query.customer": { query: "query ($id: ID!) { customer(id: $id) { id name content } }", variables: (v) => ({ id: v.customerId }) },
  "Query.customers": { query: "{ customers(pageSize: 100) { totalCount items { id name } } }" },
  "Mutation.createCustomer": {
    query: "mutation ($input: CustomerInput!) { createCustomer(input: $input) { id name } }",
    variables: () => ({ input: { name: "Attacker's customer" } }),
  },
  "Mutation.updateCustomer": {
    query: "mutation ($id: ID!, $input: CustomerInput!) { updateCustomer(id: $id, input: $input) { id name } }",
    variables: (v) => ({ id: v.customerId, input: { name: "Hijacked" } }),
  },
  "Mutation.deleteCustomer": { query: "mutation ($id: ID!) { deleteCustomer(id: $id) }", variables: (v) => ({ id: v.customerId }) },
  "Query.quote": { query: "query ($id: ID!) { quote(id: $id) { id name url customer { name } } }", variables: (v) => ({ id: v.quoteId }) },
  "Query.quotes": { query: "{ quotes(pageSize: 100) { totalCount items { id name customer { name } } } }" },
  "Mutation.createQuote": {
    query: "mutation ($input: QuoteInput!) { createQuote(input: $input) { id name customer { name } } }",
    variables: (v) => ({ input: { ...QUOTE_INPUT, customerId: v.customerId } }),
  },
  "Mutation.updateQuote": {
    query: "mutation ($id: ID!, $input: QuoteInput!) { updateQuote(id: $id, input: $input) { id name } }",
    variables: (v) => ({ id: v.quoteId, input: { ...QUOTE_INPUT, customerId: v.customerId, name: "Hijacked" } }),
  },
  "Mutation.deleteQuote": { query: "mutation ($id: ID!) { deleteQuote(id: $id) }", variables: (v) => ({ id: v.quoteId }) },
  "Mutation.duplicateQuote": { query: "mutation ($id: ID!) { duplicateQuote(id: $id) { id name } }", variables: (v) => ({ id: v.quoteId }) },
  "Mutation.publishQuote": { query: "mutation ($id: ID!) { publishQuote(id: $id) { id name status } }", variables: (v) => ({ id: v.quoteId }) },
  "Mutation.withdrawQuote": { query: "mutation ($id: ID!) { withdrawQuote(id: $id) { id name status } }", variables: (v) => ({ id: v.quoteId }) },
  // Signing (issue 13): the owner's operations on the victim's quote. createQuoteSignature is a
  // public field (the customer signs by link); its owner path (quoteId) has its own cases below.
  "Mutation.updateQuoteToSigned": { query: "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id name status } }", variables: (v) => ({ id: v.quoteId }) },
  // Quote versions (issue 14, decision 032): a version of the victim's quote (published ones: below).
  "Query.quoteVersion": {
    query: "query ($id: ID!) { quoteVersion(quoteId: $id, number: 1) { number document quoteSignatures { name } } }",
    variables: (v) => ({ id: v.quoteId }),
  },
  // ── Account settings (issue 11: general settings, styling, logo) ──────────────────────────
  "Mutation.updateAccount": {
    query: "mutation ($input: UpdateAccountInput!) { updateAccount(input: $input) { id name quoteCity } }",
    // The attacker's own name: a call that lands on their own account leaves it as the later tests expect.
    variables: () => ({ input: { name: "Attacker Ltd", country: "NL", currency: "EUR", language: "NL", quoteCity: "Hijacked" } }),
  },
  "Mutation.updateAccountStyling": {
    query: "mutation ($input: UpdateAccountStylingInput!) { updateAccountStyling(input: $input) { id name linkColor } }",
    variables: () => ({ input: { linkColor: "#ff0000" } }),
  },
  "Mutation.updateAccountLogo": { query: "mutation ($file: File!) { updateAccountLogo(file: $file) { id name fileUrl(version: 1) } }", upload: true },
  "Mutation.removeAccountLogo": { query: "mutation { removeAccountLogo { id name } }" },
  // --- Billing (issue 12): plan, payments, invoices; paying and cancelling are owner-only. ---
  "Query.billing": {
    query:
      "{ billing { subscription { plan expiredAt scheduledChange { plan } } payments { id totalCents } invoices { id number url } changePreview(plan: STARTER, interval: MONTHLY) { kind pendingSignatures } } }",
  },
  "Mutation.createFirstSubscriptionPayment": {
    query: "mutation ($input: CreateFirstSubscriptionPaymentInput!) { createFirstSubscriptionPayment(input: $input) { status checkoutUrl } }",
    variables: () => ({ input: { plan: "PRO", interval: "YEARLY" } }),
  },
  "Mutation.cancelSubscription": { query: "mutation { cancelSubscription { status } }" },
  "Mutation.changeSubscription": {
    query: "mutation ($input: ChangeSubscriptionInput!) { changeSubscription(input: $input) { kind status checkoutUrl } }",
    variables: () => ({ input: { plan: "STARTER", interval: "MONTHLY", confirmPendingSignatures: true } }),
  },
  // --- end billing ---
  // ---- Blocks, templates and signature templates (issue 10): the victim's block, template and signature.
  ...BLOCK_OPERATIONS(),
  // An image for rich text: stored under the calling account's own area (tested below).
  "Mutation.uploadRichTextImage": { query: "mutation ($file: File!) { uploadRichTextImage(file: $file) { src } }", upload: true },
  ...TEAM_OPERATIONS(),
  // --- Statistics (issue 15): the victim's quote's statistics, list and the overview.
  "Query.quoteStatistics": {
    query: "query ($id: ID!) { quoteStatistics(quoteId: $id) { quoteId views totalTime blocks { name totalTime } } }",
    variables: (v) => ({ id: v.quoteId }),
  },
  "Query.quoteListStatistics": {
    query: "query ($ids: [ID!]!) { quoteListStatistics(quoteIds: $ids) { quoteId views totalTime } }",
    variables: (v) => ({ ids: [v.quoteId] }),
  },
  "Query.quoteStatisticsOverview": {
    query: '{ quoteStatisticsOverview(from: "2026-01-01", to: "2026-01-31") { timeZone totalQuoteViews entries { date quoteViews } } }',
  },
  ...CONVERSATION_OPERATIONS(),
  ...WEBHOOK_OPERATIONS(),
  ...API_KEY_OPERATIONS(),
  ...INTEGRATION_OPERATIONS(),
  ...CUSTOM_DOMAIN_OPERATIONS(),
  ...DOCUSIGN_OPERATIONS(),
};

function BLOCK_OPERATIONS(): Record<string, Operation> {
  const text = { name: "Attacker's text", content: null };
  const pricing = { name: "Attacker's pricing", pricingUnit: "DAY", lineItems: [] };
  const signature = { name: "Attacker", kind: "TYPED", signature: "Attacker" };
  return {
    "Query.quoteBlock": { query: "query ($id: ID!) { quoteBlock(id: $id) { id name content } }", variables: (v) => ({ id: v.blockId }) },
    "Mutation.createTextQuoteBlock": {
      query: "mutation ($q: ID!, $input: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $input) { id name } }",
      variables: (v) => ({ q: v.quoteId, input: text }),
    },
    "Mutation.updateTextQuoteBlock": {
      query: "mutation ($id: ID!, $input: TextBlockInput!) { updateTextQuoteBlock(id: $id, input: $input) { id name } }",
      variables: (v) => ({ id: v.blockId, input: text }),
    },
    "Mutation.createPricingQuoteBlock": {
      query: "mutation ($q: ID!, $input: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $input) { id name } }",
      variables: (v) => ({ q: v.quoteId, input: pricing }),
    },
    "Mutation.updatePricingQuoteBlock": {
      query: "mutation ($id: ID!, $input: PricingBlockInput!) { updatePricingQuoteBlock(id: $id, input: $input) { id name } }",
      variables: (v) => ({ id: v.blockId, input: pricing }),
    },
    "Mutation.deleteQuoteBlock": { query: "mutation ($id: ID!) { deleteQuoteBlock(id: $id) }", variables: (v) => ({ id: v.blockId }) },
    "Mutation.duplicateQuoteBlock": { query: "mutation ($id: ID!) { duplicateQuoteBlock(id: $id) { id name } }", variables: (v) => ({ id: v.blockId }) },
    "Mutation.updateQuoteBlockPositions": {
      query: "mutation ($q: ID!, $ids: [ID!]!) { updateQuoteBlockPositions(quoteId: $q, ids: $ids) { id name } }",
      variables: (v) => ({ q: v.quoteId, ids: [v.blockId] }),
    },
    "Mutation.createQuoteBlockFromTemplate": {
      query: "mutation ($q: ID!, $tb: ID!) { createQuoteBlockFromTemplate(quoteId: $q, templateBlockId: $tb) { id name } }",
      variables: (v) => ({ q: v.quoteId, tb: v.templateBlockId }),
    },
    "Mutation.saveQuoteBlockAsTemplate": {
      query: "mutation ($id: ID!) { saveQuoteBlockAsTemplate(id: $id) { id name } }",
      variables: (v) => ({ id: v.blockId }),
    },
    "Query.templateBlock": { query: "query ($id: ID!) { templateBlock(id: $id) { id name content } }", variables: (v) => ({ id: v.templateBlockId }) },
    "Query.templateBlocks": { query: "{ templateBlocks(pageSize: 100) { totalCount items { id name } } }" },
    "Mutation.createTextTemplateBlock": {
      query: "mutation ($input: TextBlockInput!) { createTextTemplateBlock(input: $input) { id name } }",
      variables: () => ({ input: text }),
    },
    "Mutation.updateTextTemplateBlock": {
      query: "mutation ($id: ID!, $input: TextBlockInput!) { updateTextTemplateBlock(id: $id, input: $input) { id name } }",
      variables: (v) => ({ id: v.templateBlockId, input: text }),
    },
    "Mutation.createPricingTemplateBlock": {
      query: "mutation ($input: PricingBlockInput!) { createPricingTemplateBlock(input: $input) { id name } }",
      variables: () => ({ input: pricing }),
    },
    "Mutation.updatePricingTemplateBlock": {
      query: "mutation ($id: ID!, $input: PricingBlockInput!) { updatePricingTemplateBlock(id: $id, input: $input) { id name } }",
      variables: (v) => ({ id: v.templateBlockId, input: pricing }),
    },
    "Mutation.deleteTemplateBlock": { query: "mutation ($id: ID!) { deleteTemplateBlock(id: $id) }", variables: (v) => ({ id: v.templateBlockId }) },
    "Mutation.duplicateTemplateBlock": {
      query: "mutation ($id: ID!) { duplicateTemplateBlock(id: $id) { id name } }",
      variables: (v) => ({ id: v.templateBlockId }),
    },
    "Query.templateSignature": { query: "query ($id: ID!) { templateSignature(id: $id) { id name signature } }", variables: (v) => ({ id: v.signatureId }) },
    "Query.templateSignatures": { query: "{ templateSignatures(pageSize: 100) { totalCount items { id name signature } } }" },
    "Mutation.createTemplateSignature": {
      query: "mutation ($input: TemplateSignatureInput!) { createTemplateSignature(input: $input) { id name } }",
      variables: () => ({ input: signature }),
    },
    "Mutation.updateTemplateSignature": {
      query: "mutation ($id: ID!, $input: TemplateSignatureInput!) { updateTemplateSignature(id: $id, input: $input) { id name } }",
      variables: (v) => ({ id: v.signatureId, input: signature }),
    },
    "Mutation.deleteTemplateSignature": { query: "mutation ($id: ID!) { deleteTemplateSignature(id: $id) }", variables: (v) => ({ id: v.signatureId }) },
  };
}

/** createQuote starting from the victim's quote or templates (issue 10). */
const START_FROM: Record<string, Operation> = {
  quote: {
    query: "mutation ($input: QuoteInput!, $s: QuoteStartInput) { createQuote(input: $input, startFrom: $s) { id quoteBlocks { name content } } }",
    variables: (v) => ({ input: { ...QUOTE_INPUT, customerId: v.customerId }, s: { quoteId: v.quoteId } }),
  },
};

/** One operation as a client sends it: JSON, or multipart with a small real PNG for uploads. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==", "base64");
function call(op: Operation, headers: Record<string, string>) {
  if (op.upload) return uploadFile(t, op.query, { bytes: TINY_PNG, name: "logo.png", type: "image/png" }, headers);
  return t.gql(op.query, op.variables?.(ids), headers);
}

/** Team and account data (issue 11): the victim's member, invitation and account name. */
function TEAM_OPERATIONS(): Record<string, Operation> {
  return {
    "Query.teamMembers": { query: "{ teamMembers { id email name role status } }" },
    "Mutation.inviteUser": {
      query: "mutation ($input: InviteUserInput!) { inviteUser(input: $input) { id email } }",
      variables: () => ({ input: { email: "attacker-invite@example.test" } }),
    },
    "Mutation.revokeInvitation": { query: "mutation ($id: ID!) { revokeInvitation(id: $id) }", variables: (v) => ({ id: v.invitationId }) },
    "Mutation.updateMemberRole": {
      query: "mutation ($u: ID!) { updateMemberRole(userId: $u, role: ADMIN) { id email role } }",
      variables: (v) => ({ u: v.memberUserId }),
    },
    "Mutation.removeMember": { query: "mutation ($u: ID!) { removeMember(userId: $u) }", variables: (v) => ({ u: v.memberUserId }) },
    "Mutation.transferOwnership": { query: "mutation ($u: ID!) { transferOwnership(userId: $u) }", variables: (v) => ({ u: v.memberUserId }) },
    "Mutation.deleteAccount": { query: "mutation ($n: String!) { deleteAccount(confirmName: $n) }", variables: () => ({ n: "Victim Ltd" }) },
  };
}

/** Conversation (issue 14): sending, answering the victim's customer's question, reminders, notifications. */
function CONVERSATION_OPERATIONS(): Record<string, Operation> {
  return {
    "Mutation.sendQuoteToCustomer": {
      query: "mutation ($id: ID!, $input: SendQuoteToCustomerInput!) { sendQuoteToCustomer(id: $id, input: $input) { id kind email text } }",
      variables: (v) => ({ id: v.quoteId, input: { email: "attacker-send@example.test", message: "Hello" } }),
    },
    "Mutation.answerQuoteQuestion": {
      query: 'mutation ($id: ID!) { answerQuoteQuestion(id: $id, answer: "Hijacked") { id text answer } }',
      variables: (v) => ({ id: v.questionId }),
    },
    "Mutation.updateQuoteReminder": {
      query:
        "mutation ($id: ID!) { updateQuoteReminder(id: $id, input: { enabled: true, daysBefore: 2 }) { id name reminder { enabled } conversation { text } } }",
      variables: (v) => ({ id: v.quoteId }),
    },
    "Mutation.updateAccountNotifications": { query: "mutation { updateAccountNotifications(notifyQuoteResponses: false) { id name notifyQuoteResponses } }" },
  };
}

/** Outbound webhooks (issue 23): the victim's endpoint (its URL and description name "Victim Ltd") and a delivery of it. */
function WEBHOOK_OPERATIONS(): Record<string, Operation> {
  const input = { url: "https://attacker-ltd.example/hooks", eventTypes: ["quote.signed"] };
  return {
    "Query.webhookEndpoints": { query: "{ webhookEndpoints { id url description secret } }" },
    "Query.webhookDeliveries": {
      query: "query ($id: ID!) { webhookDeliveries(endpointId: $id) { id webhookId eventType responseBody } }",
      variables: (v) => ({ id: v.webhookEndpointId }),
    },
    "Mutation.createWebhookEndpoint": {
      query: "mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id url secret } }",
      variables: () => ({ input }),
    },
    "Mutation.updateWebhookEndpoint": {
      query: "mutation ($id: ID!, $input: WebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { id url description secret } }",
      variables: (v) => ({ id: v.webhookEndpointId, input }),
    },
    "Mutation.deleteWebhookEndpoint": { query: "mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }", variables: (v) => ({ id: v.webhookEndpointId }) },
    "Mutation.rotateWebhookEndpointSecret": {
      query: "mutation ($id: ID!) { rotateWebhookEndpointSecret(id: $id) { id url description secret } }",
      variables: (v) => ({ id: v.webhookEndpointId }),
    },
    "Mutation.sendTestWebhookEvent": {
      query: "mutation ($id: ID!) { sendTestWebhookEvent(id: $id) { id webhookId responseBody } }",
      variables: (v) => ({ id: v.webhookEndpointId }),
    },
    "Mutation.resendWebhookDelivery": {
      query: "mutation ($id: ID!) { resendWebhookDelivery(id: $id) { id webhookId responseBody } }",
      variables: (v) => ({ id: v.webhookDeliveryId }),
    },
  };
}

/**
 * Settings → Integrations (issue 24): the victim's Slack channel (its label names "Victim Ltd").
 * Harvest is one connection per account (no id to reach another account's by).
 */
function INTEGRATION_OPERATIONS(): Record<string, Operation> {
  const connection = "id label detail url settings eventTypes enabled";
  return {
    "Query.integrations": { query: `{ integrations { ${connection} } }` },
    "Query.slackIntegration": { query: "{ slackIntegration { addToSlack } }" },
    "Query.harvestConnection": { query: "{ harvestConnection { id harvestAccountId accountName userName url } }" },
    "Mutation.connectSlackWebhook": {
      query: `mutation ($input: SlackWebhookInput!) { connectSlackWebhook(input: $input) { ${connection} } }`,
      variables: () => ({ input: { url: "https://hooks.slack.com/services/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", channel: "#attacker" } }),
    },
    "Mutation.startSlackOAuth": { query: "mutation { startSlackOAuth }" },
    "Mutation.disconnectIntegration": { query: "mutation ($id: ID!) { disconnectIntegration(id: $id) }", variables: (v) => ({ id: v.slackConnectionId }) },
    "Mutation.setIntegrationEnabled": {
      query: `mutation ($id: ID!) { setIntegrationEnabled(id: $id, enabled: false) { ${connection} } }`,
      variables: (v) => ({ id: v.slackConnectionId }),
    },
    "Mutation.updateIntegrationEvents": {
      query: `mutation ($id: ID!) { updateIntegrationEvents(id: $id, eventTypes: ["quote.signed"]) { ${connection} } }`,
      variables: (v) => ({ id: v.slackConnectionId }),
    },
    "Mutation.connectHarvest": {
      query: 'mutation { connectHarvest(token: "attacker-token", accountId: "123456", create: BOTH) { id accountName } }',
    },
    "Mutation.updateHarvest": { query: "mutation { updateHarvest(create: PROJECT) { id create } }" },
    // The owner's own Mollie account (issue 26): read, connect (a key refused by its form, so no
    // call leaves the test) and disconnect act on the caller's account only.
    "Query.mollie": { query: "{ mollie { connectAvailable connectUrl connection { displayName method mode } } }" },
    "Mutation.connectMollieApiKey": { query: 'mutation { connectMollieApiKey(apiKey: "not-a-mollie-key") { displayName } }' },
    "Mutation.disconnectMollie": { query: "mutation { disconnectMollie }" },
  };
}

/** Custom domains (issue 25, decision 060): one per account, reached only through the caller's account. */
function CUSTOM_DOMAIN_OPERATIONS(): Record<string, Operation> {
  const fields = "id domain status records { name value }";
  return {
    "Query.customDomain": { query: `{ customDomain { ${fields} } }` },
    "Query.customDomainAvailable": { query: "{ customDomainAvailable }" },
    "Mutation.addCustomDomain": { query: `mutation { addCustomDomain(input: { domain: "quotes.attacker.test" }) { ${fields} } }` },
    "Mutation.checkCustomDomain": { query: `mutation { checkCustomDomain { ${fields} } }` },
    "Mutation.removeCustomDomain": { query: "mutation { removeCustomDomain }" },
  };
}

/** DocuSign (issue 25, decision 059): the connection is the caller's account's; the victim's quote is not found. */
function DOCUSIGN_OPERATIONS(): Record<string, Operation> {
  return {
    "Query.docusign": { query: "{ docusign { connectAvailable planAllows connectUrl connection { accountName userEmail connectedAt } } }" },
    "Query.docusignReadiness": { query: "{ docusignReadiness { planAllows connected } }" },
    "Mutation.disconnectDocuSign": { query: "mutation { disconnectDocuSign }" },
    "Mutation.sendQuoteWithDocuSign": { query: "mutation ($id: ID!) { sendQuoteWithDocuSign(id: $id) { status } }", variables: (v) => ({ id: v.quoteId }) },
    // Quote subscriptions (issue 26 item 4, decision 061): the overview is the caller's; the victim's subscription is not found.
    "Query.quoteSubscriptionsOverview": { query: "{ quoteSubscriptionsOverview { activeCount perInterval { interval currency count amount } } }" },
    "Mutation.cancelQuoteSubscription": {
      query: "mutation ($id: ID!) { cancelQuoteSubscription(id: $id) { id status } }",
      variables: (v) => ({ id: v.subscriptionId }),
    },
  };
}

/** API keys (issue 23, decision 050): the victim's key (named "Victim Ltd"). */
function API_KEY_OPERATIONS(): Record<string, Operation> {
  return {
    "Query.apiKeys": { query: "{ apiKeys { id name prefix createdByName } }" },
    "Mutation.createApiKey": {
      query: "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id name } } }",
      variables: () => ({ input: { name: "Attacker's key", role: "ADMIN" } }),
    },
    "Mutation.revokeApiKey": { query: "mutation ($id: ID!) { revokeApiKey(id: $id) { id name revokedAt } }", variables: (v) => ({ id: v.apiKeyId }) },
  };
}

const QUOTE_INPUT = {
  name: "Attacker's quote",
  language: "ENG",
  currency: "EUR",
  quoteDateAt: "2026-01-01",
  quoteExpirationAt: "2026-02-01",
  signable: true,
};

let t: TestApp;
let victim: SignedIn;
let ids: Ids;
let attacker: SignedIn;
let attackerKey: string;

beforeAll(async () => {
  t = await createTestApp();
  victim = await signIn(t, "owner", { company: "Victim Ltd" });
  // The attacker is a plain member of their own account: the weakest role that reaches these fields.
  attacker = await signIn(t, "member", { company: "Attacker Ltd" });
  attackerKey = (await createApiKey(t.db, attacker.accountId!, attacker.userId, { name: "Attacker Ltd key", role: "ADMIN", expiresAt: null })).key;
  const customer = await createCustomer(t, victim, { name: "Victim Ltd's customer", content: "Victim Ltd street 1" });
  const quote = await createQuote(t, victim, customer.id, { name: "Victim Ltd quote" });
  const victimText = {
    name: "Victim Ltd block",
    content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Victim Ltd secret" }] }] },
  };
  const block = await t.gql<{ createTextQuoteBlock: { id: string } }>(
    "mutation ($q: ID!, $input: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $input) { id } }",
    { q: quote.id, input: victimText },
    victim.headers(),
  );
  const template = await t.gql<{ createTextTemplateBlock: { id: string } }>(
    "mutation ($input: TextBlockInput!) { createTextTemplateBlock(input: $input) { id } }",
    { input: { ...victimText, name: "Victim Ltd template" } },
    victim.headers(),
  );
  const signature = await t.gql<{ createTemplateSignature: { id: string } }>(
    "mutation ($input: TemplateSignatureInput!) { createTemplateSignature(input: $input) { id } }",
    { input: { name: "Victim Ltd signature", kind: "TYPED", signature: "Victim Ltd CEO", isDefault: true } },
    victim.headers(),
  );
  // Team (issue 11): a member and an open invitation of the victim's account.
  const victimMember = await signIn(t, "member", { account: victim, name: "Victim Ltd member" });
  const invited = await t.gql<{ inviteUser: { id: string } }>(
    "mutation ($input: InviteUserInput!) { inviteUser(input: $input) { id } }",
    { input: { email: "victim-ltd-invitee@example.test", name: "Victim Ltd invitee" } },
    victim.headers(),
  );
  // Conversation (issue 14): a customer's question on the victim's quote (written directly: the quote is a draft).
  const [question] = await t.db
    .insert(quoteConversationEntries)
    .values({ accountId: victim.accountId!, quoteId: quote.id, kind: "QUESTION", body: "Victim Ltd customer's question" })
    .returning();
  // Webhooks (issue 23): an endpoint of the victim's and a (queued) test delivery to it.
  const endpoint = await t.gql<{ createWebhookEndpoint: { id: string } }>(
    "mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id } }",
    { input: { url: "https://victim-ltd.example/hooks", eventTypes: ["quote.signed"], description: "Victim Ltd CRM" } },
    victim.headers(),
  );
  const webhookEndpointId = endpoint.data!.createWebhookEndpoint.id;
  const testDelivery = await t.gql<{ sendTestWebhookEvent: { id: string } }>(
    "mutation ($id: ID!) { sendTestWebhookEvent(id: $id) { id } }",
    { id: webhookEndpointId },
    victim.headers(),
  );
  // Integrations (issue 24): a Slack channel of the victim's, connected by its pasted URL.
  const slack = await t.gql<{ connectSlackWebhook: { id: string } }>(
    "mutation ($input: SlackWebhookInput!) { connectSlackWebhook(input: $input) { id } }",
    { input: { url: "https://hooks.slack.com/services/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", channel: "#Victim Ltd sales" } },
    victim.headers(),
  );
  if (!slack.data) throw new Error(`victim's Slack channel: ${JSON.stringify(slack.errors)}`);
  // Custom domains (issue 25): the victim's domain (the name holds no "Victim Ltd": checked by its own test below).
  const victimDomain = await t.gql('mutation { addCustomDomain(input: { domain: "quotes.victim-ltd.test" }) { id } }', {}, victim.headers());
  if (victimDomain.errors) throw new Error(`victim's custom domain: ${JSON.stringify(victimDomain.errors)}`);
  // API keys (issue 23): a key of the victim's account.
  const victimKey = await t.gql<{ createApiKey: { apiKey: { id: string } } }>(
    "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { apiKey { id } } }",
    { input: { name: "Victim Ltd integration", role: "ADMIN" } },
    victim.headers(),
  );
  // Quote subscriptions (issue 26 item 4): a running subscription of the victim's (written directly: no Mollie here).
  const [victimPayment] = await t.db
    .insert(quotePayments)
    .values({
      accountId: victim.accountId!,
      quoteId: quote.id,
      signatureId: crypto.randomUUID(),
      versionNumber: null,
      amountCents: 10_000n,
      currency: "EUR",
      status: "paid",
      molliePaymentId: "tr_victimltd0001",
      mollieMode: "test",
      mollieCustomerId: "cst_victimltd",
    })
    .returning();
  const [victimSubscription] = await t.db
    .insert(quoteSubscriptions)
    .values({
      accountId: victim.accountId!,
      quoteId: quote.id,
      paymentId: victimPayment.id,
      interval: "MONTH",
      amountCents: 12_100n,
      currency: "EUR",
      status: "ACTIVE",
      startDate: "2026-12-01",
      nextPaymentDate: "2026-12-01",
      mollieCustomerId: "cst_victimltd",
      mollieSubscriptionId: "sub_victimltd",
      mollieMode: "test",
    })
    .returning();
  ids = {
    subscriptionId: victimSubscription.id,
    apiKeyId: victimKey.data!.createApiKey.apiKey.id,
    webhookEndpointId,
    slackConnectionId: slack.data.connectSlackWebhook.id,
    webhookDeliveryId: testDelivery.data!.sendTestWebhookEvent.id,
    questionId: question.id,
    accountId: victim.accountId!,
    customerId: customer.id,
    quoteId: quote.id,
    blockId: block.data!.createTextQuoteBlock.id,
    templateBlockId: template.data!.createTextTemplateBlock.id,
    signatureId: signature.data!.createTemplateSignature.id,
    memberUserId: victimMember.userId,
    invitationId: invited.data!.inviteUser.id,
  };
});
afterAll(async () => {
  await t.close();
});

describe("account isolation", () => {
  const cases = Object.entries(OPERATIONS);

  it.each(cases)("%s refuses another account in the Account header", async (_name, op) => {
    const result = await call(op, attacker.headers(victim.accountId));
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(JSON.stringify(result.data ?? null)).not.toContain("Victim Ltd");
  });

  it.each(cases)("%s refuses a visitor", async (_name, op) => {
    const result = await call(op, { account: victim.accountId! });
    expect(result.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it.each(cases)("%s with the attacker's own account shows none of the victim's data", async (_name, op) => {
    const result = await call(op, attacker.headers());
    expect(JSON.stringify(result)).not.toContain("Victim Ltd");
  });

  // An API key of the attacker's account (decision 050): it acts for that account only, whatever
  // Account header comes with it. ADMIN: the strongest role a key can have.
  it.each(cases)("%s with the attacker's API key (and the victim's Account header) shows none of the victim's data", async (_name, op) => {
    const result = await call(op, { authorization: `Bearer ${attackerKey}`, account: victim.accountId! });
    expect(JSON.stringify(result)).not.toContain("Victim Ltd");
  });

  it("the attacker's API key works, for the attacker's account (the cases above are not refusals)", async () => {
    const result = await t.gql<{ account: { name: string } }>(
      "{ account { name } }",
      {},
      { authorization: `Bearer ${attackerKey}`, account: victim.accountId! },
    );
    expect(result.data).toEqual({ account: { name: "Attacker Ltd" } });
  });

  it("refuses the victim's API key to the attacker's owner (not found) and leaves it live", async () => {
    const attackerOwner = await signIn(t, "owner", { company: "Attacker Ltd" });
    const revoke = await t.gql(OPERATIONS["Mutation.revokeApiKey"].query, { id: ids.apiKeyId }, attackerOwner.headers());
    expect(revoke.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect(revoke.data).toBeNull();
    const own = await t.gql<{ apiKeys: unknown[] }>(OPERATIONS["Query.apiKeys"].query, {}, attackerOwner.headers());
    expect(own.data?.apiKeys).toEqual([]);
    const read = await t.gql<{ apiKeys: { id: string; revokedAt: string | null }[] }>("{ apiKeys { id revokedAt } }", {}, victim.headers());
    expect(read.data?.apiKeys).toEqual([{ id: ids.apiKeyId, revokedAt: null }]);
  });

  it("leaves the victim's customers and quotes untouched", async () => {
    const read = await t.gql<{ customer: { name: string }; quote: { name: string; status: string }; quotes: { totalCount: number } }>(
      "query ($c: ID!, $q: ID!) { customer(id: $c) { name } quote(id: $q) { name status } quotes { totalCount } }",
      { c: ids.customerId, q: ids.quoteId },
      victim.headers(),
    );
    expect(read.data).toEqual({ customer: { name: "Victim Ltd's customer" }, quote: { name: "Victim Ltd quote", status: "DRAFT" }, quotes: { totalCount: 1 } });
  });

  it("leaves the victim's quotes out of the attacker's list statistics", async () => {
    const op = OPERATIONS["Query.quoteListStatistics"];
    const result = await t.gql(op.query, op.variables?.(ids), attacker.headers());
    expect(result.data).toEqual({ quoteListStatistics: [] });
  });

  it("answers the attacker's own account with not found (or a field error) for the victim's ids", async () => {
    for (const name of [
      "Query.customer",
      "Query.quote",
      "Mutation.updateCustomer",
      "Mutation.deleteCustomer",
      "Mutation.updateQuote",
      "Mutation.deleteQuote",
      "Mutation.duplicateQuote",
      "Mutation.publishQuote",
      "Mutation.withdrawQuote",
      "Mutation.createQuote",
      "Mutation.updateQuoteToSigned",
      "Query.quoteStatistics",
    ]) {
      const op = OPERATIONS[name];
      const result = await t.gql(op.query, op.variables?.(ids), attacker.headers());
      expect(result.errors?.[0].extensions?.code, name).toMatch(/^(NOT_FOUND|BAD_USER_INPUT)$/);
      expect(result.data, name).toBeNull();
    }
  });

  it("refuses the victim's blocks, templates and signatures to the attacker's own account (not found) and leaves them untouched", async () => {
    for (const name of Object.keys(BLOCK_OPERATIONS()).filter(
      (n) =>
        ![
          "Query.templateBlocks",
          "Query.templateSignatures",
          "Mutation.createTextTemplateBlock",
          "Mutation.createPricingTemplateBlock",
          "Mutation.createTemplateSignature",
        ].includes(n),
    )) {
      const op = OPERATIONS[name];
      const result = await t.gql(op.query, op.variables?.(ids), attacker.headers());
      expect(result.errors?.[0].extensions?.code, name).toBe("NOT_FOUND");
      expect(result.data, name).toBeNull();
    }
    const start = await t.gql(START_FROM.quote.query, START_FROM.quote.variables?.(ids), attacker.headers());
    expect(start.errors?.[0].extensions?.code).toMatch(/^(NOT_FOUND|BAD_USER_INPUT)$/);
    const own = await createCustomer(t, attacker, { name: "Attacker's customer" });
    const fromTemplate = await t.gql(
      START_FROM.quote.query,
      { input: { ...QUOTE_INPUT, customerId: own.id }, s: { templateBlockIds: [ids.templateBlockId] } },
      attacker.headers(),
    );
    expect(fromTemplate.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const read = await t.gql<{
      quoteBlock: { name: string };
      templateBlock: { name: string };
      templateSignature: { name: string };
      quote: { quoteBlocks: unknown[] };
    }>(
      "query ($b: ID!, $tb: ID!, $s: ID!, $q: ID!) { quoteBlock(id: $b) { name } templateBlock(id: $tb) { name } templateSignature(id: $s) { name } quote(id: $q) { quoteBlocks { id } } }",
      { b: ids.blockId, tb: ids.templateBlockId, s: ids.signatureId, q: ids.quoteId },
      victim.headers(),
    );
    expect(read.data).toEqual({
      quoteBlock: { name: "Victim Ltd block" },
      templateBlock: { name: "Victim Ltd template" },
      templateSignature: { name: "Victim Ltd signature" },
      quote: { quoteBlocks: [{ id: ids.blockId }] },
    });
  });

  it("an image the attacker uploads lands in the attacker's own area; the victim's images cannot be put into the attacker's blocks", async () => {
    const op = OPERATIONS["Mutation.uploadRichTextImage"];
    const mine = await uploadFile<{ uploadRichTextImage: { src: string } }>(
      t,
      op.query,
      { bytes: TINY_PNG, name: "a.png", type: "image/png" },
      attacker.headers(),
    );
    expect(mine.data?.uploadRichTextImage.src).toContain(`/files/${imageFileArea(attacker.accountId!)}/`);
    const theirs = await uploadFile<{ uploadRichTextImage: { src: string } }>(
      t,
      op.query,
      { bytes: TINY_PNG, name: "a.png", type: "image/png" },
      victim.headers(),
    );
    const content = { type: "doc", content: [{ type: "image", attrs: { src: theirs.data!.uploadRichTextImage.src } }] };
    const refused = await t.gql(
      "mutation ($input: TextBlockInput!) { createTextTemplateBlock(input: $input) { id } }",
      { input: { name: "Stolen", content } },
      attacker.headers(),
    );
    expect(refused.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(refused.data).toBeNull();
  });

  it("an owner and an admin of the attacker's account are refused the victim's account too", async () => {
    for (const role of ["owner", "admin"] as const) {
      const other = await signIn(t, role, { account: attacker });
      const result = await t.gql(OPERATIONS["Query.customers"].query, {}, other.headers(victim.accountId));
      expect(result.errors?.[0].extensions?.code, role).toBe("FORBIDDEN");
      const own = await t.gql<{ account: { name: string } }>("{ account { name } }", {}, other.headers());
      expect(own.data?.account.name, role).toBe("Attacker Ltd");
    }
  });

  it("an owner and an admin of the attacker's account cannot change the victim's settings or logo", async () => {
    const before = await t.gql<{ account: Record<string, unknown> }>("{ account { name quoteCity linkColor fileUrl(version: 1) } }", {}, victim.headers());
    for (const role of ["owner", "admin"] as const) {
      const other = await signIn(t, role, { account: attacker });
      for (const name of ["Mutation.updateAccount", "Mutation.updateAccountStyling", "Mutation.updateAccountLogo", "Mutation.removeAccountLogo"]) {
        const refused = await call(OPERATIONS[name], other.headers(victim.accountId));
        expect(refused.errors?.[0].extensions?.code, `${role} ${name}`).toBe("FORBIDDEN");
        // With their own account header it changes their own account only.
        const own = await call(OPERATIONS[name], other.headers());
        expect(JSON.stringify(own), `${role} ${name}`).not.toContain("Victim Ltd");
      }
    }
    const after = await t.gql<{ account: Record<string, unknown> }>("{ account { name quoteCity linkColor fileUrl(version: 1) } }", {}, victim.headers());
    expect(after.data).toEqual(before.data);
  });

  it("team operations with the attacker's own account (as its owner) do not reach the victim's team", async () => {
    const attackerOwner = await signIn(t, "owner", { account: attacker });
    for (const name of ["Mutation.revokeInvitation", "Mutation.updateMemberRole", "Mutation.removeMember", "Mutation.transferOwnership"]) {
      const op = OPERATIONS[name];
      const result = await t.gql(op.query, op.variables?.(ids), attackerOwner.headers());
      expect(result.errors?.[0].extensions?.code, name).toBe("NOT_FOUND");
    }
    const deleted = await t.gql(OPERATIONS["Mutation.deleteAccount"].query, { n: "Victim Ltd" }, attackerOwner.headers());
    expect(deleted.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const team = await t.gql<{ teamMembers: { email: string; role: string; status: string }[] }>("{ teamMembers { email role status } }", {}, victim.headers());
    expect(team.data?.teamMembers.map((m) => [m.role, m.status])).toEqual([
      ["OWNER", "MEMBER"],
      ["MEMBER", "MEMBER"],
      ["MEMBER", "INVITED"],
    ]);
  });

  it("plan changes (issue 12) reach only the caller's own subscription", async () => {
    const subscribe = async (user: SignedIn) => {
      const paid = await t.gql<{ createFirstSubscriptionPayment: { checkoutUrl: string } }>(
        "mutation { createFirstSubscriptionPayment(input: { plan: BASIC, interval: MONTHLY }) { checkoutUrl } }",
        {},
        user.headers(),
      );
      const checkout = new URL(paid.data!.createFirstSubscriptionPayment.checkoutUrl).pathname;
      expect((await t.fetch(checkout, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "status=paid" })).status).toBe(
        303,
      );
    };
    const STATE = "{ billing { subscription { plan interval scheduledChange { plan interval } } payments { id status } } }";
    await subscribe(victim);
    const attackerOwner = await signIn(t, "owner", { account: attacker });
    await subscribe(attackerOwner);
    const before = await t.gql(STATE, {}, victim.headers());
    for (const input of [
      { plan: "STARTER", interval: "YEARLY", confirmPendingSignatures: true },
      { plan: "PRO", interval: "MONTHLY" },
    ]) {
      const refused = await t.gql(OPERATIONS["Mutation.changeSubscription"].query, { input }, attackerOwner.headers(victim.accountId));
      expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
      const own = await t.gql<{ changeSubscription: { kind: string } }>(OPERATIONS["Mutation.changeSubscription"].query, { input }, attackerOwner.headers());
      expect(own.errors).toBeUndefined();
    }
    const preview = await t.gql("{ billing { changePreview(plan: PRO, interval: YEARLY) { kind } } }", {}, attackerOwner.headers(victim.accountId));
    expect(preview.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await t.gql(STATE, {}, victim.headers())).toEqual(before);
    expect((before.data as { billing: { subscription: unknown } }).billing.subscription).toEqual({ plan: "BASIC", interval: "MONTHLY", scheduledChange: null });
  });

  it("conversation operations with the attacker's own account answer not found for the victim's ids and change nothing", async () => {
    for (const name of ["Mutation.sendQuoteToCustomer", "Mutation.answerQuoteQuestion", "Mutation.updateQuoteReminder"]) {
      const op = OPERATIONS[name];
      const result = await t.gql(op.query, op.variables?.(ids), attacker.headers());
      expect(result.errors?.[0].extensions?.code, name).toBe("NOT_FOUND");
      expect(result.data, name).toBeNull();
    }
    const read = await t.gql<{
      quote: { conversation: { text: string; answer: string | null }[]; reminder: { enabled: boolean } };
      account: { notifyQuoteResponses: boolean };
    }>(
      "query ($q: ID!) { quote(id: $q) { conversation { text answer } reminder { enabled } } account { notifyQuoteResponses } }",
      { q: ids.quoteId },
      victim.headers(),
    );
    expect(read.data).toEqual({
      quote: { conversation: [{ text: "Victim Ltd customer's question", answer: null }], reminder: { enabled: false } },
      account: { notifyQuoteResponses: true },
    });
  });

  it("webhook operations with the attacker's own account (as its owner) answer not found for the victim's ids and change nothing", async () => {
    const attackerOwner = await signIn(t, "owner", { company: "Attacker Ltd" });
    for (const name of [
      "Query.webhookDeliveries",
      "Mutation.updateWebhookEndpoint",
      "Mutation.deleteWebhookEndpoint",
      "Mutation.rotateWebhookEndpointSecret",
      "Mutation.sendTestWebhookEvent",
      "Mutation.resendWebhookDelivery",
    ]) {
      const op = OPERATIONS[name];
      const result = await t.gql(op.query, op.variables?.(ids), attackerOwner.headers());
      expect(result.errors?.[0].extensions?.code, name).toBe("NOT_FOUND");
      expect(JSON.stringify(result.data ?? null), name).not.toContain("Victim Ltd");
    }
    const own = await t.gql<{ webhookEndpoints: unknown[] }>(OPERATIONS["Query.webhookEndpoints"].query, {}, attackerOwner.headers());
    expect(own.data?.webhookEndpoints).toEqual([]);
    const read = await t.gql<{ webhookEndpoints: { id: string; url: string; description: string }[] }>(
      "{ webhookEndpoints { id url description previousSecretExpiresAt } }",
      {},
      victim.headers(),
    );
    expect(read.data?.webhookEndpoints).toEqual([
      { id: ids.webhookEndpointId, url: "https://victim-ltd.example/hooks", description: "Victim Ltd CRM", previousSecretExpiresAt: null },
    ]);
  });

  it("custom domain operations as the owner of another account never see or change the victim's domain", async () => {
    const attackerOwner = await signIn(t, "owner", { company: "Attacker Ltd" });
    expect((await t.gql<{ customDomain: unknown }>("{ customDomain { id } }", {}, attackerOwner.headers())).data?.customDomain).toBeNull();
    expect((await t.gql("mutation { checkCustomDomain { id } }", {}, attackerOwner.headers())).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await t.gql("mutation { removeCustomDomain }", {}, attackerOwner.headers())).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const taken = await t.gql('mutation { addCustomDomain(input: { domain: "quotes.victim-ltd.test" }) { id } }', {}, attackerOwner.headers());
    expect(taken.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(JSON.stringify(taken)).not.toContain('victim-ltd.test"');
    const victims = await t.gql<{ customDomain: { domain: string } | null }>("{ customDomain { domain } }", {}, victim.headers());
    expect(victims.data?.customDomain?.domain).toBe("quotes.victim-ltd.test");
  });

  it("integration operations with the attacker's own account (as its owner) answer not found for the victim's channel and change nothing", async () => {
    const attackerOwner = await signIn(t, "owner", { company: "Attacker Ltd" });
    for (const name of ["Mutation.disconnectIntegration", "Mutation.setIntegrationEnabled", "Mutation.updateIntegrationEvents"]) {
      const op = OPERATIONS[name];
      const result = await t.gql(op.query, op.variables?.(ids), attackerOwner.headers());
      expect(result.errors?.[0].extensions?.code, name).toBe("NOT_FOUND");
      expect(JSON.stringify(result.data ?? null), name).not.toContain("Victim Ltd");
    }
    const own = await t.gql<{ integrations: unknown[] }>(OPERATIONS["Query.integrations"].query, {}, attackerOwner.headers());
    expect(own.data?.integrations).toEqual([]);
    const read = await t.gql<{ integrations: { id: string; label: string; enabled: boolean; eventTypes: string[] }[] }>(
      "{ integrations { id label enabled eventTypes } }",
      {},
      victim.headers(),
    );
    expect(read.data?.integrations).toHaveLength(1);
    expect(read.data?.integrations[0]).toMatchObject({ id: ids.slackConnectionId, label: expect.stringContaining("Victim Ltd"), enabled: true });
    expect(read.data?.integrations[0].eventTypes.length).toBeGreaterThan(1);
  });

  it("the victim's subscription is neither counted for nor cancelled by the attacker's owner", async () => {
    const owner = await signIn(t, "owner", { account: attacker });
    const overview = await t.gql<{ quoteSubscriptionsOverview: { activeCount: number } }>(
      "{ quoteSubscriptionsOverview { activeCount } }",
      {},
      owner.headers(),
    );
    expect(overview.data!.quoteSubscriptionsOverview.activeCount).toBe(0);
    const cancel = await t.gql("mutation ($id: ID!) { cancelQuoteSubscription(id: $id) { id } }", { id: ids.subscriptionId }, owner.headers());
    expect(cancel.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const foreign = await t.gql("mutation ($id: ID!) { cancelQuoteSubscription(id: $id) { id } }", { id: ids.subscriptionId }, owner.headers(victim.accountId));
    expect(foreign.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const [row] = await t.db.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.id, ids.subscriptionId));
    expect(row.status).toBe("ACTIVE");
  });

  it("accounts lists only the user's own accounts", async () => {
    const result = await t.gql<{ accounts: { items: { name: string }[] } }>("{ accounts { items { name } } }", {}, attacker.headers(victim.accountId));
    expect(result.data?.accounts.items).toEqual([{ name: "Attacker Ltd" }]);
  });

  it("lists every account-scoped root field", () => {
    const scoped = [schema.getQueryType(), schema.getMutationType()].filter(isObjectType).flatMap((type) =>
      Object.values(type.getFields())
        .filter((f) => {
          const scopes = (f.extensions as { pothosOptions?: { authScopes?: { accountRole?: unknown; permission?: unknown } } }).pothosOptions?.authScopes;
          return scopes?.accountRole || scopes?.permission;
        })
        .map((f) => `${type.name}.${f.name}`),
    );
    expect(scoped.filter((name) => !(name in OPERATIONS))).toEqual([]);
  });

  describe("signing and public links (issue 13)", () => {
    const SIGN =
      "mutation ($nanoId: String, $quoteId: ID, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, quoteId: $quoteId, input: $input) { name quoteSignatures { name } } }";
    const PUBLIC = "query ($n: String!) { publicQuote(nanoId: $n) { status quote { name quoteNumber quoteBlocks { id name } quoteSignatures { name } } } }";
    const ownerInput = { name: "Attacker", signedAt: "2026-01-01", signatureKind: "TYPED", signature: "Attacker" };

    async function published(user: SignedIn, name: string) {
      const customer = await createCustomer(t, user, { name: `${name} customer` });
      const quote = await createQuote(t, user, customer.id, { name, quoteExpirationAt: "2099-01-01" });
      const block = await t.gql<{ createPricingQuoteBlock: { id: string; quoteLineItems: { id: string }[] } }>(
        "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id quoteLineItems { id } } }",
        {
          q: quote.id,
          i: {
            name: `${name} prices`,
            pricingUnit: "NONE",
            lineItems: [{ name: `${name} option`, price: "10", amount: "1", vatRate: "21", optional: true, selected: false, recurring: false }],
          },
        },
        user.headers(),
      );
      if (!block.data) throw new Error(JSON.stringify(block.errors));
      await t.gql("mutation ($id: ID!) { publishQuote(id: $id) { id } }", { id: quote.id }, user.headers());
      return { ...quote, optionId: block.data!.createPricingQuoteBlock.quoteLineItems[0].id };
    }

    it("the owner path of createQuoteSignature refuses another account's quote, a foreign Account header and a visitor", async () => {
      const target = await published(victim, "Victim Ltd signed quote");
      const foreign = await t.gql(SIGN, { quoteId: target.id, input: ownerInput }, attacker.headers(victim.accountId));
      expect(foreign.errors?.[0].extensions?.code).toBe("FORBIDDEN");
      const own = await t.gql(SIGN, { quoteId: target.id, input: ownerInput }, attacker.headers());
      expect(own.errors?.[0].extensions?.code).toBe("NOT_FOUND");
      expect(JSON.stringify(own)).not.toContain("Victim Ltd");
      const visitor = await t.gql(SIGN, { quoteId: target.id, input: ownerInput }, { account: victim.accountId! });
      expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
      const read = await t.gql<{ quote: { status: string; quoteSignatures: unknown[] } }>(
        "query ($id: ID!) { quote(id: $id) { status quoteSignatures { name } } }",
        { id: target.id },
        victim.headers(),
      );
      expect(read.data?.quote).toEqual({ status: "PUBLISHED", quoteSignatures: [] });
    });

    it("a public link reaches its own quote only: not another quote by its id, and not another quote's lines in a selection", async () => {
      const target = await published(victim, "Victim Ltd public quote");
      const mine = await published(attacker, "Attacker public quote");
      // A quote's internal id (or any other string) is not a link.
      // (The altered link changes its last character to another one: appending a fixed "x" would
      // reproduce the link itself whenever it happens to end in "x", one time in 64.)
      const altered = `${mine.nanoId.slice(0, -1)}${mine.nanoId.endsWith("x") ? "y" : "x"}`;
      for (const n of [target.id, target.id.replace(/-/g, ""), altered]) {
        const result = await t.gql<{ publicQuote: unknown }>(PUBLIC, { n });
        expect(result.data?.publicQuote).toEqual({ status: "NOT_AVAILABLE", quote: null });
      }
      const own = await t.gql(PUBLIC, { n: mine.nanoId });
      expect(JSON.stringify(own)).toContain("Attacker public quote");
      expect(JSON.stringify(own)).not.toContain("Victim Ltd");
      // Signing the attacker's link with the victim's line: refused, and nothing lands on either quote.
      const mixed = await t.gql(SIGN, {
        nanoId: mine.nanoId,
        input: { name: "X", signatureKind: "TYPED", signature: "X", consent: true, selection: [target.optionId] },
      });
      expect(mixed.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      const victimRead = await t.gql<{ publicQuote: { quote: { quoteSignatures: unknown[] } } }>(PUBLIC, { n: target.nanoId });
      expect(victimRead.data?.publicQuote.quote.quoteSignatures).toEqual([]);
    });

    it("another account's quote versions are unreachable: by quote id, with a foreign Account header, as a visitor, or through the attacker's own quote", async () => {
      const target = await published(victim, "Victim Ltd versioned quote");
      const mine = await published(attacker, "Attacker versioned quote");
      const VERSION = "query ($q: ID!, $n: Int!) { quoteVersion(quoteId: $q, number: $n) { number document quoteSignatures { name } } }";
      const own = await t.gql(VERSION, { q: target.id, n: 1 }, attacker.headers());
      expect(own.errors?.[0].extensions?.code).toBe("NOT_FOUND");
      expect(JSON.stringify(own)).not.toContain("Victim Ltd");
      const foreign = await t.gql(VERSION, { q: target.id, n: 1 }, attacker.headers(victim.accountId));
      expect(foreign.errors?.[0].extensions?.code).toBe("FORBIDDEN");
      const visitor = await t.gql(VERSION, { q: target.id, n: 1 }, { account: victim.accountId! });
      expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
      // The attacker's own quote lists only its own versions.
      const list = await t.gql<{ quote: { quoteVersions: { number: number }[] } }>(
        "query ($id: ID!) { quote(id: $id) { quoteVersions { number document } } }",
        { id: mine.id },
        attacker.headers(),
      );
      expect(list.data?.quote.quoteVersions.map((v) => v.number)).toEqual([1]);
      expect(JSON.stringify(list)).not.toContain("Victim Ltd");
      // The victim reads their own.
      const victimOwn = await t.gql<{ quoteVersion: { number: number } }>(VERSION, { q: target.id, n: 1 }, victim.headers());
      expect(victimOwn.data?.quoteVersion.number).toBe(1);
    });
  });
});
