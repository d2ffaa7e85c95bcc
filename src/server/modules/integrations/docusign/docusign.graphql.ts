import { and, desc, eq, inArray } from "drizzle-orm";
import { DOCUSIGN_ENVELOPE_STATUSES, docusignEnvelopes } from "../../../db/schema";
import { builder } from "../../../graphql/builder";
import { cost } from "../../../graphql/cost";
import { requireAccountScope, requirePermission } from "../../../graphql/tenancy";
import { entitlementRefusal } from "../../billing/entitlements";
import { accounts } from "../../../db/schema";
import { PublicQuoteRef } from "../../public-quote/public-quote.graphql";
import { QuoteRef } from "../../quotes/quotes.graphql";
import {
  DOCUSIGN_PATH,
  type DocuSignConnectionRow,
  type DocuSignEnvelopeRow,
  disconnectDocuSign,
  getDocuSignConnection,
  sendQuoteWithDocuSign,
} from "./docusign.service";

/**
 * DocuSign (issue 25, decision 059): `docusign` (the Integrations card), `disconnectDocuSign`,
 * `sendQuoteWithDocuSign`, `Quote.docusignEnvelope` for the owner and `PublicQuote.docusignStatus`
 * for the customer's page. Tokens are never returned.
 */

const DocuSignConnectionRef = builder.objectRef<DocuSignConnectionRow>("DocuSignConnection").implement({
  description: "The account's own DocuSign account (the user's default account at DocuSign).",
  fields: (t) => ({
    accountName: t.string({ nullable: true, resolve: (r) => r.accountName }),
    userEmail: t.string({ nullable: true, resolve: (r) => r.userEmail }),
    connectedAt: t.field({ type: "DateTime", resolve: (r) => r.createdAt }),
  }),
});

type Settings = { accountId: string; connectAvailable: boolean; planAllows: boolean };
const DocuSignSettingsRef = builder.objectRef<Settings>("DocuSignSettings").implement({
  fields: (t) => ({
    connectAvailable: t.boolean({ description: "Whether this server has a DocuSign app (DOCUSIGN_CLIENT_ID/SECRET).", resolve: (s) => s.connectAvailable }),
    planAllows: t.boolean({
      description: "Whether the account's plan includes DocuSign now (Pro, not expired): else sending stops.",
      resolve: (s) => s.planAllows,
    }),
    connectUrl: t.string({
      description: "Where 'Connect DocuSign' starts (a GET in the browser), for the selected account.",
      resolve: (s) => `${DOCUSIGN_PATH}/connect?account=${encodeURIComponent(s.accountId)}`,
    }),
    connection: t.field({ type: DocuSignConnectionRef, nullable: true, resolve: (s, _args, ctx) => getDocuSignConnection(ctx.db, s.accountId) }),
  }),
});

builder.queryField("docusign", (t) =>
  t.field({
    type: DocuSignSettingsRef,
    description: "The selected account's DocuSign connection (Settings → Integrations).",
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    resolve: async (_root, _args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const [account] = await ctx.db
        .select({ subscriptionPlan: accounts.subscriptionPlan, subscriptionInterval: accounts.subscriptionInterval, expiredAt: accounts.expiredAt })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return {
        accountId,
        connectAvailable: Boolean(ctx.config.docusign.app),
        planAllows: Boolean(account) && entitlementRefusal(account, "docusign") === null,
      };
    },
  }),
);

builder.mutationField("disconnectDocuSign", (t) =>
  t.boolean({
    description: "Forgets the account's DocuSign connection; true when there was one.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    resolve: (_root, _args, ctx) => disconnectDocuSign(ctx.db, requireAccountScope(ctx).accountId),
  }),
);

const DocuSignEnvelopeStatusEnum = builder.enumType("DocuSignEnvelopeStatus", {
  description:
    "PREPARING: being sent (a job renders the PDF and creates the envelope); SENT: out for signature with DocuSign; COMPLETED: signed there; DECLINED; VOIDED (the quote is back to published); FAILED: DocuSign refused it (see reason; it can be sent again).",
  values: DOCUSIGN_ENVELOPE_STATUSES,
});

export const DocuSignEnvelopeRef = builder.objectRef<DocuSignEnvelopeRow>("DocuSignEnvelope").implement({
  description: "A quote version sent for signature with DocuSign.",
  fields: (t) => ({
    envelopeId: t.string({ nullable: true, description: "DocuSign's envelope id (null while PREPARING).", resolve: (r) => r.envelopeId }),
    status: t.field({ type: DocuSignEnvelopeStatusEnum, resolve: (r) => r.status }),
    reason: t.string({ nullable: true, description: "A decline's or void's reason.", resolve: (r) => r.reason }),
    signerName: t.string({ resolve: (r) => r.signerName }),
    signerEmail: t.string({ resolve: (r) => r.signerEmail }),
    versionNumber: t.int({ nullable: true, resolve: (r) => r.versionNumber }),
    sentAt: t.field({ type: "DateTime", resolve: (r) => r.createdAt }),
    completedAt: t.field({ type: "DateTime", nullable: true, resolve: (r) => r.completedAt }),
    signedDocumentUrl: t.string({
      nullable: true,
      description: "DocuSign's signed PDF (members of the account only), once completed.",
      resolve: (r) => (r.signedFileKey && r.envelopeId ? `${DOCUSIGN_PATH}/documents/${encodeURIComponent(r.envelopeId)}/signed` : null),
    }),
    certificateUrl: t.string({
      nullable: true,
      description: "DocuSign's certificate of completion (members of the account only), once completed.",
      resolve: (r) => (r.certificateFileKey && r.envelopeId ? `${DOCUSIGN_PATH}/documents/${encodeURIComponent(r.envelopeId)}/certificate` : null),
    }),
  }),
});

builder.objectField(QuoteRef, "docusignEnvelope", (t) =>
  t.loadable({
    type: DocuSignEnvelopeRef,
    nullable: true,
    description: "The quote's latest DocuSign envelope (null: never sent with DocuSign).",
    extensions: cost.perParent(2),
    load: async (ids: string[], ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const rows = await ctx.db
        .select()
        .from(docusignEnvelopes)
        .where(and(eq(docusignEnvelopes.accountId, accountId), inArray(docusignEnvelopes.quoteId, ids)))
        .orderBy(desc(docusignEnvelopes.createdAt));
      return ids.map((id) => rows.find((r) => r.quoteId === id) ?? null);
    },
    resolve: (q) => q.id,
  }),
);

builder.objectField(PublicQuoteRef, "docusignStatus", (t) =>
  t.field({
    type: DocuSignEnvelopeStatusEnum,
    nullable: true,
    description: "PREPARING or SENT while the quote is being sent or out for signature with DocuSign (the customer signs there); COMPLETED when signed there.",
    resolve: (v) => v.docusign?.status ?? null,
  }),
);

builder.mutationField("sendQuoteWithDocuSign", (t) =>
  t.field({
    type: DocuSignEnvelopeRef,
    description:
      "Sends the published quote's sealed PDF (current version) to the customer's contact with DocuSign (Pro): the envelope is PREPARING until a job has created it at DocuSign. Refused: another plan, not connected, not published, signatures on this version, no customer e-mail, or already out.",
    authScopes: { permission: "quotes.write" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requirePermission(ctx, "quotes.write");
      return sendQuoteWithDocuSign({ db: ctx.db }, accountId, String(args.id), { userId: ctx.auth.user?.id ?? null });
    },
  }),
);

type Readiness = { planAllows: boolean; connected: boolean };
const DocuSignReadinessRef = builder.objectRef<Readiness>("DocuSignReadiness").implement({
  description: "Whether the selected account can send quotes with DocuSign now (the quote page's button).",
  fields: (t) => ({
    planAllows: t.boolean({ description: "The plan includes DocuSign (Pro, not expired).", resolve: (r) => r.planAllows }),
    connected: t.boolean({ description: "A DocuSign account is connected.", resolve: (r) => r.connected }),
  }),
});

builder.queryField("docusignReadiness", (t) =>
  t.field({
    type: DocuSignReadinessRef,
    description: "Whether the selected account can send with DocuSign (any member; the server checks again when sending).",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    resolve: async (_root, _args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const [account] = await ctx.db
        .select({ subscriptionPlan: accounts.subscriptionPlan, subscriptionInterval: accounts.subscriptionInterval, expiredAt: accounts.expiredAt })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return {
        planAllows: Boolean(account) && entitlementRefusal(account, "docusign") === null,
        connected: Boolean(await getDocuSignConnection(ctx.db, accountId)),
      };
    },
  }),
);
