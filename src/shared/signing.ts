import { z } from "zod";
import { BLOCK_LIMITS, base64Bytes, pngDataUrlPayload } from "./blocks";
import { SIGNATURE_KINDS } from "./enums";
import { hasControlCharacters, noControlCharacters } from "./text";

/**
 * Signing input rules (decision 024), shared by the public page's form, the app's "Add signature"
 * form and the server. Messages are keys of the `signing` namespace.
 */
export const SIGNING_LIMITS = {
  nameMax: 100,
  typedMax: 100,
  /** A drawn signature is a PNG of at most 200 KB (the same cap as signature templates). */
  drawnMaxBytes: BLOCK_LIMITS.drawnSignatureMaxBytes,
  selectionMax: 1000,
} as const;

const ZName = z
  .string({ error: "signing:validation.nameRequired" })
  .trim()
  .min(1, { error: "signing:validation.nameRequired" })
  .max(SIGNING_LIMITS.nameMax, { error: "signing:validation.nameTooLong" })
  .check(noControlCharacters());

/** The signature itself: TYPED → the text; DRAWN → a data:image/png;base64 URL (the server checks the bytes). */
const ZSignatureValue = z.object({
  signatureKind: z.enum(SIGNATURE_KINDS, { error: "signing:validation.signatureRequired" }),
  signature: z.string({ error: "signing:validation.signatureRequired" }).trim().min(1, { error: "signing:validation.signatureRequired" }),
});

function checkSignature(input: { signatureKind: string; signature: string }, ctx: z.RefinementCtx) {
  if (input.signatureKind === "TYPED") {
    if (input.signature.length > SIGNING_LIMITS.typedMax || hasControlCharacters(input.signature)) {
      ctx.addIssue({ code: "custom", message: "signing:validation.typedTooLong", path: ["signature"] });
    }
    return;
  }
  const payload = pngDataUrlPayload(input.signature);
  if (!payload) ctx.addIssue({ code: "custom", message: "signing:validation.notPng", path: ["signature"] });
  else if (base64Bytes(payload) > SIGNING_LIMITS.drawnMaxBytes) ctx.addIssue({ code: "custom", message: "signing:validation.tooLarge", path: ["signature"] });
}

/** The customer signs on the public link: name, signature, their choice of optional lines and consent. */
export const ZCustomerSignatureInput = z
  .object({
    name: ZName,
    ...ZSignatureValue.shape,
    selection: z.array(z.string().max(64)).max(SIGNING_LIMITS.selectionMax).default([]),
    consent: z.literal(true, { error: "signing:validation.consentRequired" }),
    /** The quote version the customer saw (the page always sends it); another current version is refused (decision 032). */
    version: z.number().int().min(1).max(1_000_000).nullish(),
  })
  .superRefine(checkSignature);
export type TCustomerSignatureInput = z.input<typeof ZCustomerSignatureInput>;
export type CustomerSignatureValues = z.output<typeof ZCustomerSignatureInput>;

/**
 * The sending account signs in the app: a name and a signed-at date, with the signature taken from
 * a signature template (`templateSignatureId`, e.g. the default one) or given here (drawn or typed).
 */
export const ZAccountSignatureInput = z
  .object({
    name: ZName,
    signedAt: z.iso.date({ error: "signing:validation.signedAtInvalid" }),
    templateSignatureId: z.string().nullish(),
    signatureKind: z.enum(SIGNATURE_KINDS).nullish(),
    signature: z.string().trim().nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.templateSignatureId) return;
    if (!input.signatureKind || !input.signature) {
      ctx.addIssue({ code: "custom", message: "signing:validation.signatureRequired", path: ["signature"] });
      return;
    }
    checkSignature({ signatureKind: input.signatureKind, signature: input.signature }, ctx);
  });
export type TAccountSignatureInput = z.input<typeof ZAccountSignatureInput>;
export type AccountSignatureValues = z.output<typeof ZAccountSignatureInput>;

/** Rate limits of the public quote (per minute): reads and signatures, per caller's address and per quote. */
export const PUBLIC_QUOTE_LIMITS = {
  readsPerIpPerMinute: 120,
  readsPerQuotePerMinute: 600,
  signaturesPerIpPerHour: 20,
  signaturesPerQuotePerHour: 100,
} as const;
