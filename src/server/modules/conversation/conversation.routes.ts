import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { ZAskQuestionInput, ZDeclineInput, type PublicConversationStatus } from "../../../shared/conversation";
import { localizePath, splitLocalePath } from "../../../shared/locales";
import { publicQuoteUrl } from "../../../shared/quotes";
import type { Database } from "../../db/client";
import { quotes } from "../../db/schema";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { askQuoteQuestion, clientKeyOf, declineQuote } from "./conversation.service";

type Deps = { db: Database; log: Logger; publicUrl: string; clientIp: (c: Context) => string };

const NANO_ID = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * The customer's forms on the public quote page, without JavaScript: a plain `<form method="post">`
 * to `/quote/:slug/:nanoId/question` or `/decline` (also under /nl). The answer is always a 303
 * back to the quote's page with `?conversation=<status>#conversation`, which the form component
 * turns into a message in the quote's language (src/web/features/conversation).
 */
export function conversationFormRoutes(deps: Deps) {
  const app = new Hono();

  async function backToQuote(c: Context, nanoId: string, status: PublicConversationStatus) {
    const [quote] = NANO_ID.test(nanoId)
      ? await deps.db.select({ slug: quotes.slug, nanoId: quotes.nanoId, language: quotes.language }).from(quotes).where(eq(quotes.nanoId, nanoId)).limit(1)
      : [];
    const base = quote
      ? new URL(publicQuoteUrl(deps.publicUrl, quote)).pathname
      : localizePath(`/quote/${c.req.param("slug")}/${encodeURIComponent(nanoId)}`, splitLocalePath(c.req.path).locale);
    return c.body(null, 303, { Location: `${base}?conversation=${status}#conversation`, "Cache-Control": "no-store" });
  }

  function statusOf(error: unknown, tooLong: PublicConversationStatus): PublicConversationStatus {
    if (!(error instanceof AppError)) return "error";
    if (error.code === "RATE_LIMITED") return "rate-limited";
    if (error.messageKey === "conversation:errors.alreadyDeclined") return "already-declined";
    if (error.messageKey === "conversation:errors.declineAfterSignature") return "decline-after-signature";
    if (error.code === "NOT_FOUND" || error.code === "CONFLICT") return "closed";
    if (error.code === "BAD_USER_INPUT") return error.messageKey.endsWith("TooLong") ? tooLong : "question-invalid";
    return "error";
  }

  async function formText(c: Context, name: string): Promise<string | undefined> {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const value = (body as Record<string, unknown>)[name];
    return typeof value === "string" ? value : undefined;
  }

  app.post("/:slug/:nanoId/question", async (c) => {
    const nanoId = c.req.param("nanoId");
    const parsed = ZAskQuestionInput.safeParse({ question: (await formText(c, "question")) ?? "" });
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((i) => i.message === "conversation:errors.questionTooLong");
      return backToQuote(c, nanoId, tooLong ? "question-too-long" : "question-invalid");
    }
    try {
      await askQuoteQuestion({ db: deps.db, publicUrl: deps.publicUrl }, { nanoId, question: parsed.data.question, clientKey: clientKeyOf(deps.clientIp(c)) });
      return backToQuote(c, nanoId, "question-sent");
    } catch (error) {
      if (!(error instanceof AppError)) deps.log.error({ err: error }, "public question failed");
      return backToQuote(c, nanoId, statusOf(error, "question-too-long"));
    }
  });

  app.post("/:slug/:nanoId/decline", async (c) => {
    const nanoId = c.req.param("nanoId");
    const parsed = ZDeclineInput.safeParse({ reason: await formText(c, "reason") });
    if (!parsed.success) return backToQuote(c, nanoId, "reason-too-long");
    try {
      await declineQuote(
        { db: deps.db, publicUrl: deps.publicUrl },
        {
          nanoId,
          reason: parsed.data.reason,
          clientKey: clientKeyOf(deps.clientIp(c)),
          evidence: { ip: deps.clientIp(c) ?? null, userAgent: c.req.header("user-agent") ?? null },
        },
      );
      return backToQuote(c, nanoId, "declined");
    } catch (error) {
      if (!(error instanceof AppError)) deps.log.error({ err: error }, "public decline failed");
      return backToQuote(c, nanoId, statusOf(error, "reason-too-long"));
    }
  });

  return app;
}
