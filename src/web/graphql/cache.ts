import type { Cache } from "@urql/exchange-graphcache";

/** Drops every cached page of a list field (all argument combinations), so that it is refetched. */
export function invalidateList(cache: Cache, fieldName: string) {
  for (const field of cache.inspectFields("Query")) {
    if (field.fieldName === fieldName) cache.invalidate("Query", field.fieldName, field.arguments);
  }
}
