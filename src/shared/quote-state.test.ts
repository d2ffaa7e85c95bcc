import { describe, expect, it } from "vitest";
import { type QuoteAction, type QuoteFacts, type QuoteState, QUOTE_STATES, quoteState, sameSigner } from "./quote-state";

const today = "2026-03-10";
const base: QuoteFacts = {
  status: "PUBLISHED",
  expirationDate: "2026-03-31",
  signable: true,
  customerSignatures: 0,
  declined: false,
  everPublished: true,
  viewed: false,
};
const past = "2026-03-09";

// One row per situation: the facts that differ from `base`, the state shown, the actions allowed.
const TABLE: [string, Partial<QuoteFacts>, QuoteState, QuoteAction[]][] = [
  ["a new draft", { status: "DRAFT", everPublished: false }, "DRAFT", ["EDIT_CONTENT", "PUBLISH", "EDIT_REMINDER"]],
  [
    "a new draft past its date (publish dialog says so)",
    { status: "DRAFT", everPublished: false, expirationDate: past },
    "DRAFT",
    ["EDIT_CONTENT", "PUBLISH", "EDIT_REMINDER"],
  ],
  ["a withdrawn draft", { status: "DRAFT" }, "WITHDRAWN", ["EDIT_CONTENT", "PUBLISH", "EDIT_REMINDER"]],
  [
    "a withdrawn draft with an old decline and signatures",
    { status: "DRAFT", declined: true, customerSignatures: 1 },
    "WITHDRAWN",
    ["EDIT_CONTENT", "PUBLISH", "EDIT_REMINDER"],
  ],
  ["published", {}, "PUBLISHED", ["WITHDRAW", "EDIT_REMINDER", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "SIGN", "DECLINE"]],
  [
    "published, on its last day",
    { expirationDate: today },
    "PUBLISHED",
    ["WITHDRAW", "EDIT_REMINDER", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "SIGN", "DECLINE"],
  ],
  ["published without signatures allowed", { signable: false }, "PUBLISHED", ["WITHDRAW", "EDIT_REMINDER", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "DECLINE"]],
  ["viewed", { viewed: true }, "VIEWED", ["WITHDRAW", "EDIT_REMINDER", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "SIGN", "DECLINE"]],
  ["declined", { declined: true, viewed: true }, "DECLINED", ["WITHDRAW"]],
  ["declined and expired", { declined: true, expirationDate: past }, "DECLINED", ["WITHDRAW"]],
  ["signed by the customer", { customerSignatures: 1, viewed: true }, "CUSTOMER_SIGNED", ["WITHDRAW", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "SIGN"]],
  ["signed by two customers", { customerSignatures: 2 }, "CUSTOMER_SIGNED", ["WITHDRAW", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "SIGN"]],
  [
    "signed by the customer, date passed since",
    { customerSignatures: 1, expirationDate: past },
    "CUSTOMER_SIGNED",
    ["WITHDRAW", "SEND", "ADD_SIGNATURE", "MARK_SIGNED", "SIGN"],
  ],
  ["expired", { expirationDate: past, viewed: true }, "EXPIRED", ["WITHDRAW", "ADD_SIGNATURE", "MARK_SIGNED"]],
  ["marked signed", { status: "SIGNED", customerSignatures: 1 }, "SIGNED", []],
  ["marked signed, date passed", { status: "SIGNED", expirationDate: past }, "SIGNED", []],
];

describe("quoteState: the state table (docs/quote-states.md)", () => {
  it.each(TABLE)("%s", (_name, facts, state, actions) => {
    expect(quoteState({ ...base, ...facts }, today)).toEqual({ state, actions });
  });

  it("reaches every displayed state", () => {
    expect(new Set(TABLE.map((row) => row[2]))).toEqual(new Set(QUOTE_STATES));
  });

  it("never lets the customer decline after signing, nor anybody act on a declined or signed quote but to withdraw", () => {
    for (const [, facts] of TABLE) {
      const view = quoteState({ ...base, ...facts }, today);
      if (view.state === "CUSTOMER_SIGNED") expect(view.actions).not.toContain("DECLINE");
      if (view.state === "DECLINED") expect(view.actions).toEqual(["WITHDRAW"]);
      if (view.state === "SIGNED") expect(view.actions).not.toContain("WITHDRAW");
    }
  });
});

describe("sameSigner", () => {
  it("treats case and spacing as the same signer", () => {
    expect(sameSigner("Jane Buyer", " jane  BUYER ")).toBe(true);
    expect(sameSigner("Jane Buyer", "John Buyer")).toBe(false);
  });
});
