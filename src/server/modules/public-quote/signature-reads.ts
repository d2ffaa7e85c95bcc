import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { quoteSignatures } from "../../db/schema";

/**
 * Whether a customer has signed the quote (any version). A read with no service behind it, so the
 * event subscribers (which import no service: conversation.subscriber.ts) use the same one as the
 * signing and DocuSign services.
 */
export async function hasCustomerSignature(tx: Executor, quoteId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: quoteSignatures.id })
    .from(quoteSignatures)
    .where(and(eq(quoteSignatures.quoteId, quoteId), eq(quoteSignatures.kind, "CUSTOMER")))
    .limit(1);
  return Boolean(row);
}
