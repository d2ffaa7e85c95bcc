import type { UpdatesConfig } from "@urql/exchange-graphcache";
import { invalidateList } from "../../graphql/cache";

/**
 * SPEC §7 freshness: after creating, duplicating or deleting a template block or a template
 * signature the matching list is refetched. Saving a signature can change which one is the
 * default, so updates refetch the signature list too.
 */
export const templateUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  createTextTemplateBlock: (_result, _args, cache) => invalidateList(cache, "templateBlocks"),
  createPricingTemplateBlock: (_result, _args, cache) => invalidateList(cache, "templateBlocks"),
  duplicateTemplateBlock: (_result, _args, cache) => invalidateList(cache, "templateBlocks"),
  updateTextTemplateBlock: (_result, _args, cache) => invalidateList(cache, "templateBlocks"),
  updatePricingTemplateBlock: (_result, _args, cache) => invalidateList(cache, "templateBlocks"),
  deleteTemplateBlock: (_result, args, cache) => {
    for (const typename of ["TextTemplateBlock", "PricingTemplateBlock"]) cache.invalidate({ __typename: typename, id: String(args.id) });
    invalidateList(cache, "templateBlocks");
  },
  createTemplateSignature: (_result, _args, cache) => invalidateList(cache, "templateSignatures"),
  updateTemplateSignature: (_result, _args, cache) => invalidateList(cache, "templateSignatures"),
  deleteTemplateSignature: (_result, args, cache) => {
    cache.invalidate({ __typename: "TemplateSignature", id: String(args.id) });
    invalidateList(cache, "templateSignatures");
  },
};

/** Types of this feature without an identity of their own: embedded in their parent. */
export const templateKeys = {
  TemplateBlockPage: () => null,
  TemplateSignaturePage: () => null,
} as const;
