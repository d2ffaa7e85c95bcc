import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ACCOUNT_ROLES, COUNTRIES, CURRENCIES, INTERVALS, LANGUAGES, SUBSCRIPTION_PLANS, TEXT_FONTS } from "../../../shared/enums";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A person who signs in. E-mail addresses are stored lower-cased and are unique. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name"),
    /** Interface language the user last used (for e-mails): en | nl. */
    locale: text("locale").notNull().default("en"),
    /** A disabled user is signed out on the next request and cannot sign in. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
    check("users_locale_check", sql`${t.locale} in ('en', 'nl')`),
  ],
);

/** The tenant: a company that owns customers, quotes and templates, with a plan. */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Default language for new quotes: ENG | NL. */
    language: text("language", { enum: LANGUAGES }).notNull().default("ENG"),
    currency: text("currency", { enum: CURRENCIES }).notNull().default("EUR"),
    /** TRIAL during the free trial, then STARTER | BASIC | PRO. */
    subscriptionPlan: text("subscription_plan", { enum: SUBSCRIPTION_PLANS }).notNull().default("TRIAL"),
    /** MONTHLY | YEARLY; null while on trial (SPEC §4: trial = no interval). */
    subscriptionInterval: text("subscription_interval", { enum: INTERVALS }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    country: text("country", { enum: COUNTRIES }),
    /** Optional VAT number, normalised (NL123456789B01, GB123456789); format checked per country. */
    vatNumber: text("vat_number"),
    billingFirstName: text("billing_first_name"),
    billingLastName: text("billing_last_name"),
    billingStreetAndNumber: text("billing_street_and_number"),
    billingStreetAdditional: text("billing_street_additional"),
    billingPostalCode: text("billing_postal_code"),
    billingCity: text("billing_city"),
    billingCountry: text("billing_country", { enum: COUNTRIES }),
    quoteStreetAndNumber: text("quote_street_and_number"),
    quotePostalCode: text("quote_postal_code"),
    quoteCity: text("quote_city"),
    linkColor: text("link_color"),
    textColor: text("text_color"),
    textFont: text("text_font", { enum: TEXT_FONTS }),
    logoFileKey: text("logo_file_key"),
    /**
     * The stored logo's pixel size (sharp's output at upload), put in the page's markup so the
     * browser reserves the logo's box before it arrives. Null for logos stored before it was kept.
     */
    logoWidth: integer("logo_width"),
    logoHeight: integer("logo_height"),
    /** IANA time zone of the account's statistics days (validated by the server). */
    timeZone: text("time_zone").notNull().default("Europe/Amsterdam"),
    /** E-mail the owners on the first view of each publication of a quote. */
    notifyFirstView: boolean("notify_first_view").notNull().default(true),
    /** E-mail the account's owners when a customer signs or declines a quote (issue 14). */
    notifyQuoteResponses: boolean("notify_quote_responses").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("accounts_language_check", sql`${t.language} in ('ENG', 'NL')`),
    check("accounts_currency_check", sql`${t.currency} in ('EUR', 'USD', 'GBP')`),
    check("accounts_plan_check", sql`${t.subscriptionPlan} in ('TRIAL', 'STARTER', 'BASIC', 'PRO')`),
    check("accounts_interval_check", sql`${t.subscriptionInterval} is null or ${t.subscriptionInterval} in ('MONTHLY', 'YEARLY')`),
    check("accounts_country_check", sql`${t.country} is null or ${t.country} in ('NL', 'GB')`),
    check("accounts_billing_country_check", sql`${t.billingCountry} is null or ${t.billingCountry} in ('NL', 'GB')`),
    check("accounts_text_font_check", sql`${t.textFont} is null or ${t.textFont} in ('INTER', 'LATO', 'MERRIWEATHER', 'PLAYFAIR_DISPLAY')`),
    check(
      "accounts_colors_check",
      sql`(${t.linkColor} is null or ${t.linkColor} ~ '^#[0-9a-f]{6}$') and (${t.textColor} is null or ${t.textColor} ~ '^#[0-9a-f]{6}$')`,
    ),
    check(
      "accounts_logo_size_check",
      sql`(${t.logoWidth} is null) = (${t.logoHeight} is null) and (${t.logoWidth} is null or (${t.logoWidth} > 0 and ${t.logoHeight} > 0))`,
    ),
    // One representation of the trial (decision 021): TRIAL exactly when there is no interval.
    check("accounts_trial_check", sql`(${t.subscriptionPlan} = 'TRIAL') = (${t.subscriptionInterval} is null)`),
  ],
);

/** Membership of a user in an account, with a role: owner | admin | member. */
export const accountUsers = pgTable(
  "account_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ACCOUNT_ROLES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_users_account_user_key").on(t.accountId, t.userId),
    index("account_users_user_idx").on(t.userId),
    check("account_users_role_check", sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

/**
 * Server-side sessions. Only the SHA-256 of the token is stored; the token itself lives in the
 * browser's HttpOnly cookie (or a non-browser client's bearer header).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    method: text("method").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/**
 * Single-use e-mail sign-in links: SHA-256 of a 256-bit token, tied to one e-mail, valid 10 minutes.
 * A pending sign-up (name, company) travels with the link and is applied when it is used.
 */
export const emailLinkTokens = pgTable(
  "email_link_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    signUpName: text("sign_up_name"),
    signUpCompany: text("sign_up_company"),
    locale: text("locale").notNull().default("en"),
    returnTo: text("return_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_link_tokens_token_hash_key").on(t.tokenHash), index("email_link_tokens_email_idx").on(t.email)],
);

/** A user's identity at an OpenID Connect provider (Google). */
export const oidcIdentities = pgTable(
  "oidc_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("oidc_identities_provider_subject_key").on(t.provider, t.subject)],
);

/** An OpenID Connect sign-in in progress: state, nonce and PKCE verifier, valid 10 minutes. */
export const oidcLoginAttempts = pgTable("oidc_login_attempts", {
  stateHash: text("state_hash").primaryKey(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  returnTo: text("return_to"),
  locale: text("locale").notNull().default("en"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
