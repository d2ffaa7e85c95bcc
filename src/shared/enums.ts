/**
 * Every enumerated value set of the product, once. The GraphQL enums (server/graphql/enums.ts),
 * the zod schemas (shared/*.ts) and the Drizzle column types (`text({ enum })`) are built from
 * these arrays; the SQL CHECK constraints in the migrations list the same values (the drift test
 * keeps the Drizzle schema and the migrations together). Pure: no Node or DOM APIs.
 */

/** Currencies a quote or an account can use. */
export const CURRENCIES = ["EUR", "USD", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Languages of a quote (and an account's default for new quotes). Not the interface locale. */
export const LANGUAGES = ["ENG", "NL"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The unit of a pricing block's amounts. */
export const PRICING_UNITS = ["DAY", "WEEK", "MONTH", "QUARTER", "YEAR", "ITEMS", "NONE"] as const;
export type PricingUnit = (typeof PRICING_UNITS)[number];

/** Kinds of quote blocks. */
export const BLOCK_KINDS = ["TEXT", "PRICING"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** Discounts of a line or a block: a percentage or an amount of money. */
export const DISCOUNT_TYPES = ["PERCENTAGE", "AMOUNT"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Intervals of recurring lines (from a pricing block's unit MONTH / QUARTER / YEAR). */
export const RECURRING_INTERVALS = ["MONTH", "QUARTER", "YEAR"] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

/**
 * A quote's payment terms (issue 26): nothing to pay, a deposit as a percentage or a fixed amount
 * of the one-off total, or the full one-off total (src/shared/payment-terms.ts).
 */
export const PAYMENT_MODES = ["NONE", "DEPOSIT_PERCENT", "DEPOSIT_FIXED", "FULL"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/**
 * A Mollie payment's status as Mollie reports it (docs.mollie.com, payment status changes): open,
 * pending and authorized are still in progress; paid, failed, expired and canceled are final.
 */
export const MOLLIE_PAYMENT_STATUSES = ["open", "pending", "authorized", "paid", "failed", "expired", "canceled"] as const;
export type MolliePaymentStatus = (typeof MOLLIE_PAYMENT_STATUSES)[number];

/**
 * A DocuSign envelope of a quote (decision 059). PREPARING: queued (a job renders the PDF and
 * creates the envelope); SENT: out for signature at DocuSign; COMPLETED, DECLINED, VOIDED:
 * DocuSign's outcome; FAILED: DocuSign refused it (the reason says why; it can be sent again).
 */
export const DOCUSIGN_ENVELOPE_STATUSES = ["PREPARING", "SENT", "COMPLETED", "DECLINED", "VOIDED", "FAILED"] as const;
export type DocuSignEnvelopeStatus = (typeof DOCUSIGN_ENVELOPE_STATUSES)[number];
/**
 * A quote's subscription (issue 26 item 4, decision 061): CREATING until Mollie has it (the first
 * payment is paid, the subscription not yet created at Mollie), then Mollie's own status.
 */
export const QUOTE_SUBSCRIPTION_STATUSES = ["CREATING", "PENDING", "ACTIVE", "SUSPENDED", "CANCELED", "COMPLETED"] as const;
export type QuoteSubscriptionStatus = (typeof QUOTE_SUBSCRIPTION_STATUSES)[number];
/** What a customer's payment of a quote version is (src/shared/quote-payments.ts `quotePaymentStatus`). */
export const QUOTE_PAYMENT_STATUSES = ["DUE", "OPEN", "PAID", "FAILED"] as const;
export type QuotePaymentStatus = (typeof QUOTE_PAYMENT_STATUSES)[number];

/** Signature templates: drawn (a PNG) or typed (text). */
export const SIGNATURE_KINDS = ["DRAWN", "TYPED"] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

/** Stored quote status (expired is derived from the expiration date, see quote-status.ts). */
export const QUOTE_STATUSES = ["DRAFT", "PUBLISHED", "SIGNED"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What the screens show and filter by. */
export const QUOTE_DISPLAY_STATUSES = ["DRAFT", "PUBLISHED", "EXPIRED", "SIGNED"] as const;
export type QuoteDisplayStatus = (typeof QUOTE_DISPLAY_STATUSES)[number];

/**
 * What happened around a quote (the owner's "Conversation" panel): the customer asked a QUESTION
 * (answered by the owner) or DECLINED it, the owner SENT it by e-mail, or a REMINDER went out.
 */
export const CONVERSATION_ENTRY_KINDS = ["QUESTION", "DECLINE", "SENT", "REMINDER"] as const;
export type ConversationEntryKind = (typeof CONVERSATION_ENTRY_KINDS)[number];

/** Roles of a user in an account, weakest first (stored lower-case; GraphQL shows OWNER, …). */
export const ACCOUNT_ROLES = ["member", "admin", "owner"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** An invitation to join an account: open (invited), then accepted, declined, revoked or expired. */
export const INVITATION_STATUSES = ["invited", "accepted", "declined", "revoked", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Paid plans, cheapest first. */
export const PLANS = ["STARTER", "BASIC", "PRO"] as const;
export type Plan = (typeof PLANS)[number];
/** What an account's subscription_plan column holds: the trial, then a paid plan. */
export const SUBSCRIPTION_PLANS = ["TRIAL", ...PLANS] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** Billing intervals (null while on trial). */
export const INTERVALS = ["MONTHLY", "YEARLY"] as const;
export type Interval = (typeof INTERVALS)[number];

/** Countries an account (and its billing address) can be in (SPEC §9: NL, GB). */
export const COUNTRIES = ["NL", "GB"] as const;
export type Country = (typeof COUNTRIES)[number];

/** Text fonts a company can choose for its quotes: bundled with the app (@fontsource), never a CDN. */
export const TEXT_FONTS = ["INTER", "LATO", "MERRIWEATHER", "PLAYFAIR_DISPLAY"] as const;
export type TextFont = (typeof TEXT_FONTS)[number];

/** True when `value` is one of `values` (narrows the type). */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

/** Who placed a signature on a quote: the customer (public link) or the sending account (app). */
export const QUOTE_SIGNATURE_KINDS = ["CUSTOMER", "ACCOUNT"] as const;
export type QuoteSignatureKind = (typeof QUOTE_SIGNATURE_KINDS)[number];

/** What the append-only audit trail of a quote records (decision 024). */
export const QUOTE_AUDIT_EVENTS = ["PUBLISHED", "VIEWED", "OPTION_CHANGED", "SIGNED", "MARKED_SIGNED", "DECLINED", "PAID"] as const;
export type QuoteAuditEvent = (typeof QUOTE_AUDIT_EVENTS)[number];
