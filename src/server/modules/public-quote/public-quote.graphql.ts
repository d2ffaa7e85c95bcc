import { inArray } from "drizzle-orm";
import { QUOTE_AUDIT_EVENTS, QUOTE_SIGNATURE_KINDS } from "../../../shared/enums";
import type { QuoteDocumentBlock, QuoteDocumentCustomer, QuoteDocumentLine } from "../../../shared/quote-document";
import { PUBLIC_QUOTE_LIMITS, ZAccountSignatureInput, ZCustomerSignatureInput } from "../../../shared/signing";
import { quoteSignatures } from "../../db/schema";
import { AppError } from "../../errors";
import { builder } from "../../graphql/builder";
import type { GraphQLContext } from "../../graphql/context";
import { cost } from "../../graphql/cost";
import { CurrencyEnum, DiscountTypeEnum, LanguageEnum, PricingUnitEnum, QuoteStatusEnum, SignatureKindEnum } from "../../graphql/enums";
import { actorOf, requirePermission, requirePerson } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { hitRateLimit } from "../../http/rate-limit";
import { TotalsRef } from "../blocks/blocks.graphql";
import { QuoteRef } from "../quotes/quotes.graphql";
import { getQuoteById, quoteNotFound } from "../quotes/quotes.service";
import { PublicAccountRef } from "../settings/settings.graphql";
import { readPublicQuote } from "./public-quote.read";
import { type PublicQuoteView, type PublicSignatureView, signatureView } from "./public-quote.service";
import { type Evidence, createAccountSignature, createCustomerSignature, markQuoteSigned } from "./signing.service";

/**
 * The public quote (SPEC §3 "Public quote result": quote and status) and signing (SPEC §7
 * createQuoteSignature, updateQuoteToSigned). The public types carry no internal ids (no account,
 * customer or quote id): the link's nanoId, block and line ids (anchors, the selection) only.
 */

const PublicQuoteStatusEnum = builder.enumType("PublicQuoteStatus", {
  description: "What a public link shows: the quote, an expired page, or a not-available page.",
  values: ["AVAILABLE", "EXPIRED", "NOT_AVAILABLE"] as const,
});
const QuoteSignatureKindEnum = builder.enumType("QuoteSignatureKind", { values: QUOTE_SIGNATURE_KINDS });
builder.enumType("QuoteAuditEvent", { values: QUOTE_AUDIT_EVENTS });

export const QuoteSignatureRef = builder.objectRef<PublicSignatureView>("QuoteSignature").implement({
  description: "A signature placed on a quote (SPEC §3): by the customer on the public link, or by the sending account.",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.field({ type: QuoteSignatureKindEnum, resolve: (s) => s.kind }),
    name: t.exposeString("name"),
    signatureKind: t.field({ type: SignatureKindEnum, resolve: (s) => s.signatureKind }),
    signature: t.exposeString("signature", { description: "Typed: the text; drawn: the PNG's URL." }),
    signedAt: t.field({ type: "DateTime", resolve: (s) => s.signedAt }),
    documentHash: t.exposeString("documentHash", { nullable: true, description: "SHA-256 (hex) of the document the signer saw, with their selection." }),
    selection: t.field({
      type: ["ID"],
      nullable: true,
      description: "The optional lines (ids) a customer chose when signing; null for the account's signatures.",
      resolve: (s) => s.selection,
    }),
    versionNumber: t.exposeInt("versionNumber", {
      nullable: true,
      description: "The quote version that was signed (null: signed before quotes had versions).",
    }),
  }),
});

const PublicCustomerRef = builder.objectRef<QuoteDocumentCustomer>("PublicQuoteCustomer").implement({
  description: "The customer as printed on the quote.",
  fields: (t) => ({
    name: t.exposeString("name"),
    companyName: t.string({ nullable: true, resolve: (c) => c.companyName ?? null }),
    contactPerson: t.string({ nullable: true, resolve: (c) => c.contactPerson ?? null }),
    content: t.string({ nullable: true, resolve: (c) => c.content ?? null }),
    email: t.string({ nullable: true, resolve: (c) => c.email ?? null }),
    phone: t.string({ nullable: true, resolve: (c) => c.phone ?? null }),
  }),
});

const PublicLineRef = builder.objectRef<QuoteDocumentLine>("PublicQuoteLineItem").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.string({ nullable: true, resolve: (l) => l.description ?? null }),
    price: t.exposeString("price"),
    amount: t.exposeString("amount"),
    total: t.exposeString("total", { description: "Excl. VAT, after the line discount." }),
    vatRate: t.string({ resolve: (l) => l.vatRate ?? "0" }),
    discountType: t.field({ type: DiscountTypeEnum, nullable: true, resolve: (l) => (l.discountType as "PERCENTAGE" | "AMOUNT" | null) ?? null }),
    discountValue: t.string({ nullable: true, resolve: (l) => l.discountValue ?? null }),
    optional: t.boolean({ resolve: (l) => l.optional ?? false }),
    selected: t.boolean({ resolve: (l) => l.selected ?? true }),
    recurring: t.boolean({ resolve: (l) => l.recurring ?? false }),
  }),
});

type Pricing = NonNullable<QuoteDocumentBlock["pricing"]>;
const PublicPricingRef = builder.objectRef<Pricing>("PublicQuotePricing").implement({
  fields: (t) => ({
    pricingUnit: t.field({ type: PricingUnitEnum, resolve: (p) => p.unit }),
    discountType: t.field({ type: DiscountTypeEnum, nullable: true, resolve: (p) => (p.discountType as "PERCENTAGE" | "AMOUNT" | null) ?? null }),
    discountValue: t.string({ nullable: true, resolve: (p) => p.discountValue ?? null }),
    lineItems: t.field({ type: [PublicLineRef], extensions: cost.loadedList(20), resolve: (p) => p.lines }),
    totals: t.field({ type: TotalsRef, resolve: (p) => p.totals }),
  }),
});

const PublicBlockRef = builder.objectRef<QuoteDocumentBlock>("PublicQuoteBlock").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    content: t.field({ type: "JSON", nullable: true, resolve: (b) => b.content }),
    pricing: t.field({ type: PublicPricingRef, nullable: true, resolve: (b) => b.pricing }),
  }),
});

export const PublicQuoteRef = builder.objectRef<PublicQuoteView>("PublicQuote").implement({
  description: "A quote as its customer sees it on the public link (one read model with the page and the PDF).",
  fields: (t) => ({
    nanoId: t.exposeString("nanoId"),
    slug: t.exposeString("slug"),
    name: t.exposeString("name"),
    quoteNumber: t.string({ resolve: (v) => v.document.quoteNumber }),
    language: t.field({ type: LanguageEnum, resolve: (v) => v.document.language as "ENG" | "NL" }),
    currency: t.field({ type: CurrencyEnum, resolve: (v) => v.document.currency as "EUR" | "USD" | "GBP" }),
    status: t.field({ type: QuoteStatusEnum, resolve: (v) => v.status }),
    signable: t.exposeBoolean("signable", { description: "The quote accepts signatures." }),
    signingAllowed: t.exposeBoolean("signingAllowed", { description: "The sender's plan includes signing." }),
    canSign: t.exposeBoolean("canSign", { description: "A customer can sign now (published, signable, plan allows it)." }),
    watermark: t.exposeBoolean("watermark", { description: 'Plans below Pro show "Made with Offerly".' }),
    viewerIsMember: t.exposeBoolean("viewerIsMember", {
      description: "The signed-in viewer belongs to the sending account (a preview: they cannot sign as the customer).",
    }),
    quoteDateAt: t.string({ resolve: (v) => v.document.quoteDateAt }),
    quoteExpirationAt: t.string({ resolve: (v) => v.document.quoteExpirationAt }),
    customer: t.field({ type: PublicCustomerRef, nullable: true, resolve: (v) => v.document.customer }),
    identityAccount: t.field({ type: PublicAccountRef, resolve: (v) => v.account }),
    quoteBlocks: t.field({ type: [PublicBlockRef], extensions: cost.loadedList(10), resolve: (v) => v.document.blocks }),
    totals: t.field({ type: TotalsRef, resolve: (v) => v.document.totals }),
    quoteSignatures: t.field({
      type: [QuoteSignatureRef],
      extensions: cost.loadedList(3),
      description: "The signatures of the version shown.",
      resolve: (v) => v.signatures,
    }),
    versionNumber: t.int({
      nullable: true,
      description: "The quote version shown (a customer signs this one: pass it as `input.version`).",
      resolve: (v) => v.version?.number ?? null,
    }),
  }),
});

const PublicQuoteResultRef = builder
  .objectRef<{ status: "AVAILABLE" | "EXPIRED" | "NOT_AVAILABLE"; quote: PublicQuoteView | null }>("PublicQuoteResult")
  .implement({
    description: "SPEC §3 public quote result: the quote (when available) and the link's status.",
    fields: (t) => ({
      status: t.field({ type: PublicQuoteStatusEnum, resolve: (r) => r.status }),
      quote: t.field({ type: PublicQuoteRef, nullable: true, resolve: (r) => r.quote }),
    }),
  });

/** The characters a public link may have (url-safe nanoId); anything else is no link. */
const LINK_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

const evidenceOf = (ctx: GraphQLContext): Evidence => ({ ip: ctx.clientAddress ?? null, userAgent: ctx.request.headers.get("user-agent") });

/** Per caller's address (when known: in-process calls have none) and per link. */
async function limit(ctx: GraphQLContext, kind: "read" | "sign", key: string) {
  const rules =
    kind === "read"
      ? { ip: PUBLIC_QUOTE_LIMITS.readsPerIpPerMinute, quote: PUBLIC_QUOTE_LIMITS.readsPerQuotePerMinute, window: 60 }
      : { ip: PUBLIC_QUOTE_LIMITS.signaturesPerIpPerHour, quote: PUBLIC_QUOTE_LIMITS.signaturesPerQuotePerHour, window: 3600 };
  const checks = [hitRateLimit(ctx.db, `public-quote:${kind}:quote:${key}`, rules.quote, rules.window)];
  if (ctx.clientAddress) checks.push(hitRateLimit(ctx.db, `public-quote:${kind}:ip:${ctx.clientAddress}`, rules.ip, rules.window));
  const results = await Promise.all(checks);
  if (results.some((r) => !r.allowed)) throw new AppError("RATE_LIMITED", "signing:errors.tooMany");
}

builder.queryField("publicQuote", (t) =>
  t.field({
    type: PublicQuoteResultRef,
    description:
      "A quote by its public link (no sign-in): AVAILABLE with the quote, or EXPIRED / NOT_AVAILABLE without it. Checked on every read; rate-limited per address and per link.",
    authScopes: { public: true },
    extensions: cost.one,
    args: { nanoId: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const nanoId = args.nanoId.slice(0, 64);
      // Not a link's shape (e.g. a NUL byte): not available, without touching the database.
      if (!LINK_SHAPE.test(nanoId)) return { status: "NOT_AVAILABLE" as const, quote: null };
      await limit(ctx, "read", nanoId);
      const { availability, view } = await readPublicQuote(ctx.readDb, nanoId, { viewerUserId: ctx.auth.user?.id ?? null });
      return { status: availability, quote: view };
    },
  }),
);

const CreateQuoteSignatureInput = builder.inputType("CreateQuoteSignatureInput", {
  description:
    "A signature. Customer (with `nanoId`): name, signatureKind + signature (typed text or a PNG data URL), selection (ids of the ticked optional lines), consent = true. Account (with `quoteId`): name, signedAt (YYYY-MM-DD) and either templateSignatureId or signatureKind + signature.",
  fields: (t) => ({
    name: t.string({ required: true }),
    signatureKind: t.field({ type: SignatureKindEnum, required: false }),
    signature: t.string({ required: false, description: "Typed: the text (≤ 100 characters); drawn: data:image/png;base64,… (≤ 200 KB)." }),
    selection: t.idList({ required: false, description: "Customer: the optional line ids ticked." }),
    consent: t.boolean({ required: false, description: 'Customer: "I agree that this electronic signature is legally binding" — must be true.' }),
    signedAt: t.string({ required: false, description: "Account: the signed-at date, YYYY-MM-DD." }),
    templateSignatureId: t.id({ required: false, description: "Account: a signature template of the account (e.g. the default)." }),
    version: t.int({
      required: false,
      description: "Customer: the quote version they saw (`PublicQuote.versionNumber`); refused when the quote changed since.",
    }),
  }),
});

builder.mutationField("createQuoteSignature", (t) =>
  t.field({
    type: PublicQuoteRef,
    description:
      "Adds a signature (decision 024). With `nanoId`: the customer signs the public quote (no sign-in; a signed-in member of the sending account is refused). With `quoteId`: a member of the selected account adds the account's signature. The quote stays PUBLISHED; `updateQuoteToSigned` makes it final. Returns the quote as the public page shows it.",
    authScopes: { public: true },
    extensions: cost.mutation,
    args: {
      nanoId: t.arg.string({ required: false }),
      quoteId: t.arg.id({ required: false }),
      input: t.arg({ type: CreateQuoteSignatureInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const deps = { db: ctx.db, files: ctx.files };
      if (args.quoteId) {
        const scope = requirePermission(ctx, "quotes.write");
        // A signature is a person's: an API key (no person behind the request) cannot add one.
        requirePerson(scope);
        const user = ctx.auth.user!;
        const values = parseInput(ZAccountSignatureInput, args.input);
        return createAccountSignature(deps, scope.accountId, String(args.quoteId), values, {
          actor: { userId: user.id, name: user.name, email: user.email },
          evidence: evidenceOf(ctx),
        });
      }
      if (!args.nanoId) throw new AppError("NOT_FOUND", "signing:errors.notAvailable");
      const nanoId = args.nanoId.slice(0, 64);
      if (!LINK_SHAPE.test(nanoId)) throw new AppError("NOT_FOUND", "signing:errors.notAvailable");
      await limit(ctx, "sign", nanoId);
      const values = parseInput(ZCustomerSignatureInput, { ...args.input, selection: args.input.selection?.map(String) ?? [] });
      return createCustomerSignature(deps, nanoId, values, { viewerUserId: ctx.auth.user?.id ?? null, evidence: evidenceOf(ctx) });
    },
  }),
);

builder.mutationField("updateQuoteToSigned", (t) =>
  t.field({
    type: QuoteRef,
    description: "PUBLISHED → SIGNED (final; cannot be undone). Exactly once, whatever else happens at the same time.",
    authScopes: { permission: "quotes.write" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requirePermission(ctx, "quotes.write");
      await markQuoteSigned(ctx.db, accountId, String(args.id), {
        actor: actorOf(ctx),
        evidence: evidenceOf(ctx),
        publicUrl: ctx.config.publicUrl,
      });
      const quote = await getQuoteById(ctx.db, accountId, String(args.id));
      if (!quote) throw quoteNotFound();
      return quote;
    },
  }),
);

// SPEC §3: Quote.quoteSignatures, for the owner's quote page (one query for all quotes of a request).
builder.objectField(QuoteRef, "quoteSignatures", (t) =>
  t.loadableList({
    type: QuoteSignatureRef,
    description: "The signatures placed on this quote, oldest first.",
    extensions: cost.perParent(3),
    load: async (quoteIds: string[], ctx) => {
      const rows = await ctx.db
        .select()
        .from(quoteSignatures)
        .where(inArray(quoteSignatures.quoteId, quoteIds))
        .orderBy(quoteSignatures.signedAt, quoteSignatures.createdAt);
      return quoteIds.map((id) => rows.filter((r) => r.quoteId === id).map(signatureView));
    },
    resolve: (q) => q.id,
  }),
);
