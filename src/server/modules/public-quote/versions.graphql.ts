import { and, asc, eq, inArray } from "drizzle-orm";
import { type QuoteVersionDiff, diffQuoteDocuments } from "../../../shared/quote-versions";
import { isUuid } from "../../db/ids";
import { quoteSignatures, quoteVersions } from "../../db/schema";
import { AppError } from "../../errors";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { requireAccountScope } from "../../graphql/tenancy";
import { QuoteRef } from "../quotes/quotes.graphql";
import { getQuoteById, quoteNotFound } from "../quotes/quotes.service";
import { QuoteSignatureRef } from "./public-quote.graphql";
import { type PublicSignatureView, signatureView } from "./public-quote.service";

/**
 * Quote versions for the owner (issue 14, decision 032): the history on the quote page
 * (`Quote.quoteVersions`) and one version read-only (`quoteVersion`), account-scoped.
 */

type VersionView = typeof quoteVersions.$inferSelect & { signatures: PublicSignatureView[]; changes: QuoteVersionDiff | null };

const QuoteVersionRef = builder.objectRef<VersionView>("QuoteVersion").implement({
  description: "A numbered, frozen version of a quote: what the customer saw and signed after that publish.",
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeInt("number"),
    publishedAt: t.field({ type: "DateTime", resolve: (v) => v.publishedAt }),
    publishedByName: t.exposeString("publishedByName", { nullable: true }),
    publishedByEmail: t.exposeString("publishedByEmail", { nullable: true }),
    documentHash: t.exposeString("documentHash", { description: "SHA-256 (hex) of the version as published (default selection)." }),
    document: t.field({
      type: "JSON",
      description: "The frozen document (number, dates, customer, blocks, lines, totals).",
      resolve: (v) => v.document.document,
    }),
    changes: t.field({ type: "JSON", nullable: true, description: "What changed since the previous version (null for version 1).", resolve: (v) => v.changes }),
    quoteSignatures: t.field({
      type: [QuoteSignatureRef],
      extensions: cost.loadedList(3),
      description: "The signatures placed on this version.",
      resolve: (v) => v.signatures,
    }),
  }),
});

/** Versions of quotes (newest first) with their signatures and the change from the version before: two statements. */
async function loadVersions(db: Parameters<typeof getQuoteById>[0], accountId: string, quoteIds: string[]): Promise<Map<string, VersionView[]>> {
  const [versions, signatures] = await Promise.all([
    db
      .select()
      .from(quoteVersions)
      .where(and(eq(quoteVersions.accountId, accountId), inArray(quoteVersions.quoteId, quoteIds)))
      .orderBy(asc(quoteVersions.quoteId), asc(quoteVersions.number)),
    db
      .select()
      .from(quoteSignatures)
      .where(and(eq(quoteSignatures.accountId, accountId), inArray(quoteSignatures.quoteId, quoteIds)))
      .orderBy(asc(quoteSignatures.signedAt), asc(quoteSignatures.createdAt)),
  ]);
  const byQuote = new Map<string, VersionView[]>(quoteIds.map((id) => [id, []]));
  for (const version of versions) {
    const list = byQuote.get(version.quoteId) ?? [];
    const previous = list.at(-1);
    list.push({
      ...version,
      signatures: signatures.filter((s) => s.quoteId === version.quoteId && s.versionNumber === version.number).map(signatureView),
      changes: previous ? diffQuoteDocuments(previous.document.document, version.document.document, { from: previous.number, to: version.number }) : null,
    });
    byQuote.set(version.quoteId, list);
  }
  for (const list of byQuote.values()) list.reverse();
  return byQuote;
}

builder.objectField(QuoteRef, "quoteVersions", (t) =>
  t.loadableList({
    type: QuoteVersionRef,
    description: "Every version published, newest first, with its signatures (decision 032).",
    extensions: cost.perParent(3),
    load: async (quoteIds: string[], ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const map = await loadVersions(ctx.db, accountId, quoteIds);
      return quoteIds.map((id) => map.get(id) ?? []);
    },
    resolve: (q) => q.id,
  }),
);

builder.queryField("quoteVersion", (t) =>
  t.field({
    type: QuoteVersionRef,
    description: "One version of a quote of the selected account, read-only (the owner's version history).",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    args: { quoteId: t.arg.id({ required: true }), number: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const quoteId = String(args.quoteId);
      if (!isUuid(quoteId) || !(await getQuoteById(ctx.db, accountId, quoteId))) throw quoteNotFound();
      const versions = (await loadVersions(ctx.db, accountId, [quoteId])).get(quoteId) ?? [];
      const version = versions.find((v) => v.number === args.number);
      if (!version) throw new AppError("NOT_FOUND", "quotes:errors.versionNotFound");
      return version;
    },
  }),
);
