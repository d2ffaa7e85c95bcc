/** Why publishing this draft now would disappoint: the publish confirmation names each problem. */
export type PublishProblem = "noCustomer" | "noBlocks" | "expirationPassed";

/** Problems the server refuses to publish with: the dialog disables Publish and offers the way out. */
export const BLOCKING_PUBLISH_PROBLEMS: readonly PublishProblem[] = ["noCustomer", "expirationPassed"];

export function publishProblems(quote: { customer: unknown; quoteBlocks: readonly unknown[]; quoteExpirationAt: string }, today: string): PublishProblem[] {
  const problems: PublishProblem[] = [];
  if (!quote.customer) problems.push("noCustomer");
  if (quote.quoteBlocks.length === 0) problems.push("noBlocks");
  if (quote.quoteExpirationAt < today) problems.push("expirationPassed");
  return problems;
}
