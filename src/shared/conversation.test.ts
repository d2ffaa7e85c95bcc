import { describe, expect, it } from "vitest";
import { ZAskQuestionInput, ZDeclineInput, ZQuoteReminderInput, ZSendQuoteInput, reminderDueAt } from "./conversation";

describe("conversation rules", () => {
  it("requires a question of at most 2,000 characters, line breaks allowed", () => {
    expect(ZAskQuestionInput.safeParse({ question: "  " }).success).toBe(false);
    expect(ZAskQuestionInput.safeParse({ question: "x".repeat(2001) }).error?.issues[0].message).toBe("conversation:errors.questionTooLong");
    expect(ZAskQuestionInput.parse({ question: " Can we\nstart in May? " }).question).toBe("Can we\nstart in May?");
    expect(ZAskQuestionInput.safeParse({ question: "a\u0000b" }).success).toBe(false);
  });
  it("takes an optional decline reason", () => {
    expect(ZDeclineInput.parse({}).reason).toBeNull();
    expect(ZDeclineInput.parse({ reason: "  " }).reason).toBeNull();
    expect(ZDeclineInput.safeParse({ reason: "x".repeat(100_000) }).success).toBe(false);
  });
  it("checks the address and message of a send", () => {
    expect(ZSendQuoteInput.parse({ email: " Ann@Example.COM ", message: "" })).toEqual({ email: "ann@example.com", message: null });
    expect(ZSendQuoteInput.safeParse({ email: "nope" }).success).toBe(false);
  });
  it("allows 1–30 reminder days and schedules at 08:00 UTC", () => {
    expect(ZQuoteReminderInput.safeParse({ enabled: true, daysBefore: 0 }).success).toBe(false);
    expect(ZQuoteReminderInput.safeParse({ enabled: true, daysBefore: 31 }).success).toBe(false);
    expect(ZQuoteReminderInput.safeParse({ enabled: true, daysBefore: 2.5 }).success).toBe(false);
    expect(reminderDueAt("2026-03-10", 3).toISOString()).toBe("2026-03-07T08:00:00.000Z");
    expect(reminderDueAt("2026-03-02", 5).toISOString()).toBe("2026-02-25T08:00:00.000Z");
  });
});
