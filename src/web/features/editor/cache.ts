import type { Cache, UpdatesConfig } from "@urql/exchange-graphcache";
import { invalidateList } from "../../graphql/cache";

/** Makes the quote refetch its blocks and totals (SPEC §7: block changes refetch the quote). */
function refetchQuoteBlocks(cache: Cache, quoteId: string) {
  const quote = { __typename: "Quote", id: quoteId };
  cache.invalidate(quote, "quoteBlocks");
  cache.invalidate(quote, "totals");
  cache.invalidate(quote, "total");
  cache.invalidate(quote, "paymentDue");
}

/** The quote a block belongs to, found through the cached quotes' block lists. */
function quoteOfBlock(cache: Cache, blockKey: string | null): string | null {
  if (!blockKey) return null;
  for (const field of cache.inspectFields("Query")) {
    if (field.fieldName !== "quote") continue;
    const quoteKey = cache.resolve("Query", field.fieldKey) as string | null;
    const blocks = quoteKey ? (cache.resolve(quoteKey, "quoteBlocks") as string[] | null) : null;
    if (quoteKey && Array.isArray(blocks) && blocks.includes(blockKey)) return String(cache.resolve(quoteKey, "id"));
  }
  return null;
}

/**
 * SPEC §7 freshness for blocks: creating a block from a template APPENDS it to the quote's blocks
 * in the cache (then totals are refetched); every other block change refetches the quote's blocks
 * and totals (the block itself comes back from its mutation). Saving a block as a template
 * refetches the template lists.
 */
export const editorUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  createQuoteBlockFromTemplate: (result, args, cache) => {
    const quote = { __typename: "Quote", id: String(args.quoteId) };
    const blocks = cache.resolve(quote, "quoteBlocks") as string[] | null;
    const created = result.createQuoteBlockFromTemplate as { __typename: string; id: string } | null;
    if (Array.isArray(blocks) && created) cache.link(quote, "quoteBlocks", [...blocks, cache.keyOfEntity(created)]);
    cache.invalidate(quote, "totals");
    cache.invalidate(quote, "total");
    cache.invalidate(quote, "paymentDue");
  },
  createTextQuoteBlock: (_result, args, cache) => refetchQuoteBlocks(cache, String(args.quoteId)),
  createPricingQuoteBlock: (_result, args, cache) => refetchQuoteBlocks(cache, String(args.quoteId)),
  updateTextQuoteBlock: (_result, args, cache) => {
    const quoteId = quoteOfBlock(cache, cache.keyOfEntity({ __typename: "TextQuoteBlock", id: String(args.id) }));
    if (quoteId) refetchQuoteBlocks(cache, quoteId);
  },
  updatePricingQuoteBlock: (_result, args, cache) => {
    const quoteId = quoteOfBlock(cache, cache.keyOfEntity({ __typename: "PricingQuoteBlock", id: String(args.id) }));
    if (quoteId) refetchQuoteBlocks(cache, quoteId);
  },
  duplicateQuoteBlock: (_result, args, cache) => {
    const quoteId =
      quoteOfBlock(cache, cache.keyOfEntity({ __typename: "TextQuoteBlock", id: String(args.id) })) ??
      quoteOfBlock(cache, cache.keyOfEntity({ __typename: "PricingQuoteBlock", id: String(args.id) }));
    if (quoteId) refetchQuoteBlocks(cache, quoteId);
  },
  deleteQuoteBlock: (_result, args, cache) => {
    for (const typename of ["TextQuoteBlock", "PricingQuoteBlock"]) {
      const key = cache.keyOfEntity({ __typename: typename, id: String(args.id) });
      const quoteId = quoteOfBlock(cache, key);
      if (quoteId) refetchQuoteBlocks(cache, quoteId);
      cache.invalidate({ __typename: typename, id: String(args.id) });
    }
  },
  saveQuoteBlockAsTemplate: (_result, _args, cache) => invalidateList(cache, "templateBlocks"),
};

/** Types of this feature without an identity of their own: embedded in their parent. */
export const editorKeys = {
  Totals: () => null,
  TotalsPart: () => null,
  RecurringTotalsPart: () => null,
  VatAmount: () => null,
} as const;
