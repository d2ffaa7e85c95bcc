/**
 * A signature provider (decision 059): another company's service that collects the customer's
 * signature on the quote's sealed PDF. DocuSign is the first (docusign/docusign.provider.ts); another
 * provider implements the same four operations.
 */

/** An envelope's state at the provider, normalised. `reason`: a decline's or void's, as the provider gives it. */
export type EnvelopeStatus = { status: "sent" | "completed" | "declined" | "voided" | "other"; reason: string | null };

export type SendInput = {
  /** The sealed quote PDF. */
  document: Uint8Array;
  documentName: string;
  subject: string;
  signer: { name: string; email: string };
  /** Text in the PDF where the signer signs (a sign-here tab is anchored to it). */
  anchor: string;
};

/** One connected account at the provider (its token already resolved). */
export interface SignatureProvider {
  readonly method: string;
  /** Sends the document for remote signing (the provider e-mails the signer); the envelope's id. */
  send(input: SendInput): Promise<{ envelopeId: string }>;
  status(envelopeId: string): Promise<EnvelopeStatus>;
  /** The signed document, or the provider's certificate of completion. */
  download(envelopeId: string, what: "signed" | "certificate"): Promise<Uint8Array>;
}

/** The provider's callback check: whether the raw body is signed with one of the active keys. */
export type VerifyCallback = (rawBody: Uint8Array, headers: Headers) => boolean;

/** The provider could not be reached or answered an error: nothing changed here; try again later. */
export class SignatureProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}
