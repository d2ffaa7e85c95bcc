/**
 * The state of a quote as the owner and the customer see it, and what each of them may do in it:
 * ONE pure function (`quoteState`) that every badge, filter, button and sentence is derived from,
 * and that the server's services check before they act (docs/quote-states.md).
 *
 * The stored status (quote-status.ts: DRAFT → PUBLISHED → SIGNED, withdraw back to DRAFT) is only
 * part of it: a customer's decline, the customers' signatures on the current version, a view and
 * the expiration date refine a PUBLISHED quote, and earlier versions tell a withdrawn draft from a
 * new one. SIGNED stays the owner's final "Mark as signed"; a customer's signature is
 * CUSTOMER_SIGNED until then.
 */

import type { QuoteStatus } from "./enums";
import { todayIso } from "./quote-status";

/**
 * Displayed states, in the order the screens list them. OUT_FOR_DOCUSIGN and PAID are reserved for
 * the next issues (docs/quote-states.md says where they fit); nothing produces them yet.
 */
export const QUOTE_STATES = ["DRAFT", "WITHDRAWN", "PUBLISHED", "VIEWED", "DECLINED", "CUSTOMER_SIGNED", "EXPIRED", "SIGNED"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** Everything the owner (app) or the customer (public link) can do to a quote. */
export const QUOTE_ACTIONS = [
  /** Owner: change title, customer, dates, settings, blocks and line items. */
  "EDIT_CONTENT",
  /** Owner: DRAFT → PUBLISHED (the server also checks the customer and the dates). */
  "PUBLISH",
  /** Owner: PUBLISHED → DRAFT (also after customers signed: decision 032). */
  "WITHDRAW",
  /** Owner: the reminder before the expiration date. */
  "EDIT_REMINDER",
  /** Owner: e-mail the link to the customer. */
  "SEND",
  /** Owner: add the sending account's signature. */
  "ADD_SIGNATURE",
  /** Owner: PUBLISHED → SIGNED, final. */
  "MARK_SIGNED",
  /** Customer: sign on the public link (another signer may sign after the first: SPEC §4). */
  "SIGN",
  /** Customer: decline on the public link (not after a signature on this version). */
  "DECLINE",
] as const;
export type QuoteAction = (typeof QUOTE_ACTIONS)[number];

/** What the state is computed from (all of it stored; see loadQuoteFacts on the server). */
export type QuoteFacts = {
  status: QuoteStatus;
  /** YYYY-MM-DD, the last valid day. */
  expirationDate: string;
  /** The quote's "allow signatures" setting. */
  signable: boolean;
  /** Customer signatures on the current version (earlier versions' signatures stay with those). */
  customerSignatures: number;
  /** A customer's decline that still counts (until the quote is published again: decision 027). */
  declined: boolean;
  /** The quote has been published at least once (a draft with versions was withdrawn). */
  everPublished: boolean;
  /** A customer opened the current version. */
  viewed: boolean;
};

export type QuoteStateView = {
  state: QuoteState;
  /** The actions allowed in this state, in QUOTE_ACTIONS order. */
  actions: QuoteAction[];
};

const ALLOWED: Record<QuoteState, readonly QuoteAction[]> = {
  DRAFT: ["EDIT_CONTENT", "PUBLISH", "EDIT_REMINDER"],
  WITHDRAWN: ["EDIT_CONTENT", "PUBLISH", "EDIT_REMINDER"],
  PUBLISHED: ["WITHDRAW", "EDIT_REMINDER", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "SIGN", "DECLINE"],
  VIEWED: ["WITHDRAW", "EDIT_REMINDER", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "SIGN", "DECLINE"],
  // Signing is closed until the quote is withdrawn, changed and published again.
  DECLINED: ["WITHDRAW"],
  // Another signer may still sign (and be sent the link); the customer no longer declines; the owner marks it signed.
  CUSTOMER_SIGNED: ["WITHDRAW", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "SIGN"],
  // The link says "expired": nobody signs or declines; the owner withdraws to change the date.
  EXPIRED: ["WITHDRAW", "ADD_SIGNATURE", "MARK_SIGNED"],
  SIGNED: [],
};

/**
 * The quote's displayed state and allowed actions. Precedence: the owner's final SIGNED; a draft
 * (WITHDRAWN when it was published before); then, for a published quote, an active decline, a
 * customer's signature on the current version (it happened in time, so it outranks a date that
 * passed since), the expiration date, a view.
 */
export function quoteState(facts: QuoteFacts, today: string = todayIso()): QuoteStateView {
  const state = stateOf(facts, today);
  const allowed = ALLOWED[state];
  const actions = QUOTE_ACTIONS.filter((action) => allowed.includes(action) && (action !== "SIGN" || facts.signable));
  return { state, actions };
}

function stateOf(facts: QuoteFacts, today: string): QuoteState {
  if (facts.status === "SIGNED") return "SIGNED";
  if (facts.status === "DRAFT") return facts.everPublished ? "WITHDRAWN" : "DRAFT";
  if (facts.declined) return "DECLINED";
  if (facts.customerSignatures > 0) return "CUSTOMER_SIGNED";
  if (facts.expirationDate < today) return "EXPIRED";
  return facts.viewed ? "VIEWED" : "PUBLISHED";
}

export function can(view: QuoteStateView, action: QuoteAction): boolean {
  return view.actions.includes(action);
}

/**
 * Whether two signer names are the same person for "one signature per signer and version": case,
 * accents' composition and spacing do not make a new signer ("jane  buyer" is "Jane Buyer").
 */
export function sameSigner(a: string, b: string): boolean {
  const norm = (name: string) => name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
  return norm(a) === norm(b);
}
