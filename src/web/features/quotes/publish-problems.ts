/** Why publishing this draft now would disappoint: the publish confirmation names each problem. */
export type PublishProblem = "noCustomer" | "noBlocks" | "expirationPassed";

export function publishProblems(quote: { customer: unknown; quoteBlocks: readonly unknown[]; quoteExpirationAt: string }, today: string): PublishProblem[] {
  const problems: PublishProblem[] = [];
  if (!quote.customer) problems.push("noCustomer");
  if (quote.quoteBlocks.length === 0) problems.push("noBlocks");
  if (quote.quoteExpirationAt < today) problems.push("expirationPassed");
  return problems;
}
