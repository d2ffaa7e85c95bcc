import { useMemo } from "react";
import { useQuery } from "urql";
import { QuoteListStatisticsQuery } from "../operations";

/** Views and reading time for the quotes of a list: one batched query for the page's ids. */
export function useQuoteListStatistics(quoteIds: string[]) {
  const ids = useMemo(() => [...quoteIds].sort(), [quoteIds]);
  const [{ data }] = useQuery({ query: QuoteListStatisticsQuery, variables: { quoteIds: ids }, pause: ids.length === 0, requestPolicy: "cache-and-network" });
  return useMemo(() => new Map((data?.quoteListStatistics ?? []).map((s) => [s.quote.id, s])), [data]);
}
