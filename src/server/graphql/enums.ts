import {
  ACCOUNT_ROLES,
  type AccountRole,
  BLOCK_KINDS,
  CONVERSATION_ENTRY_KINDS,
  CURRENCIES,
  DISCOUNT_TYPES,
  INTERVALS,
  LANGUAGES,
  PAYMENT_MODES,
  PRICING_UNITS,
  QUOTE_DISPLAY_STATUSES,
  QUOTE_STATUSES,
  RECURRING_INTERVALS,
  SIGNATURE_KINDS,
  SUBSCRIPTION_PLANS,
} from "../../shared/enums";
import { QUOTE_ACTIONS, QUOTE_STATES } from "../../shared/quote-state";
import { builder } from "./builder";

/**
 * The GraphQL enums, built from the one source of each value set (src/shared/enums.ts). Domains
 * import them from here; none of them belongs to a domain.
 */
export const LanguageEnum = builder.enumType("Language", { values: LANGUAGES });
export const CurrencyEnum = builder.enumType("Currency", { values: CURRENCIES });
export const SubscriptionPlanEnum = builder.enumType("SubscriptionPlan", { values: SUBSCRIPTION_PLANS });
export const SubscriptionIntervalEnum = builder.enumType("SubscriptionInterval", { values: INTERVALS });
/** Stored lower-case (owner), shown upper-case (OWNER): the enum maps one to the other. */
export const AccountRoleEnum = builder.enumType("AccountRole", {
  values: Object.fromEntries(ACCOUNT_ROLES.toReversed().map((role) => [role.toUpperCase(), { value: role }])) as Record<
    Uppercase<AccountRole>,
    { value: AccountRole }
  >,
});
export const PricingUnitEnum = builder.enumType("PricingUnit", { values: PRICING_UNITS });
export const QuoteStatusEnum = builder.enumType("QuoteStatus", {
  values: QUOTE_STATUSES,
  description: "Stored status: DRAFT → PUBLISHED → SIGNED (a published quote can be withdrawn to DRAFT).",
});
export const QuoteDisplayStatusEnum = builder.enumType("QuoteDisplayStatus", {
  values: QUOTE_DISPLAY_STATUSES,
  description: "What the screens show: the status, with EXPIRED for a published quote past its expiration date.",
});
export const QuoteStateEnum = builder.enumType("QuoteState", {
  values: QUOTE_STATES,
  description:
    "The quote's state as the owner and the customer see it (docs/quote-states.md): DRAFT, WITHDRAWN, PUBLISHED, VIEWED, DECLINED, CUSTOMER_SIGNED, EXPIRED, SIGNED (marked signed by the owner, final).",
});
export const QuoteActionEnum = builder.enumType("QuoteAction", {
  values: QUOTE_ACTIONS,
  description: "What the owner (EDIT_CONTENT … MARK_SIGNED) or the customer (SIGN, DECLINE) may do to a quote in its state; the server refuses the others.",
});
export const BlockKindEnum = builder.enumType("BlockKind", { values: BLOCK_KINDS });
export const DiscountTypeEnum = builder.enumType("DiscountType", { values: DISCOUNT_TYPES });
export const RecurringIntervalEnum = builder.enumType("RecurringInterval", { values: RECURRING_INTERVALS });
export const PaymentModeEnum = builder.enumType("PaymentMode", {
  values: PAYMENT_MODES,
  description:
    "A quote's payment terms: NONE, a deposit as a percentage (DEPOSIT_PERCENT) or a fixed amount (DEPOSIT_FIXED) of the one-off total, or the FULL one-off total.",
});
export const SignatureKindEnum = builder.enumType("SignatureKind", { values: SIGNATURE_KINDS });

export const ConversationEntryKindEnum = builder.enumType("ConversationEntryKind", {
  values: CONVERSATION_ENTRY_KINDS,
  description:
    "QUESTION (from the customer, answered by the owner), DECLINE (the customer said no), SENT (the owner e-mailed the link), REMINDER (the reminder e-mail before expiry).",
});
