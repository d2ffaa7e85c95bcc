import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useMutation } from "urql";
import { localTodayIso } from "../../../../shared/format";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import type { QuoteBlocksFragment, QuoteFieldsFragment } from "../../../graphql/generated/graphql";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { useDuplicateQuote } from "../hooks/use-duplicate-quote";
import { PublishQuoteMutation, WithdrawQuoteMutation } from "../operations";
import { BLOCKING_PUBLISH_PROBLEMS, publishProblems } from "../publish-problems";
import { DeleteQuoteDialog } from "./delete-quote-dialog";
import { StatusBadge } from "./status-badge";

type Pending = "publish" | "withdraw" | "delete" | null;

/** The quote page's title, status and lifecycle actions (publish, withdraw, duplicate, delete). */
export function QuoteHeader({ quote }: { quote: QuoteFieldsFragment & QuoteBlocksFragment }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const showRefusal = useRefusalToast();
  const [pending, setPending] = useState<Pending>(null);
  const [{ fetching: publishing }, publishQuote] = useMutation(PublishQuoteMutation);
  const [{ fetching: withdrawing }, withdrawQuote] = useMutation(WithdrawQuoteMutation);
  const { duplicate, duplicating } = useDuplicateQuote();
  // Buttons follow the state table (src/shared/quote-state.ts); the server refuses the same.
  const actionsAllowed = quote.lifecycle.actions;
  const draft = quote.status === "DRAFT";
  const problems = pending === "publish" ? publishProblems(quote, localTodayIso()) : [];
  const blocked = problems.some((p) => BLOCKING_PUBLISH_PROBLEMS.includes(p));
  // The way out of a passed expiration date: to the date field, with the dialog closed.
  const changeDate = () => {
    setPending(null);
    requestAnimationFrame(() => document.getElementById("quote-expiration-at")?.focus());
  };
  // Publishing removes the Publish button (and withdrawing the Withdraw button) the dialog would
  // give the focus back to: the focus moves to the action that replaced it, not to the page's body.
  const actions = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<string | null>(null);
  // After the dialog has closed (a modal dialog makes the page behind it unfocusable) and once the
  // replacing button is there.
  useEffect(() => {
    if (!focusAfter.current || pending !== null || !quote.status) return;
    const next = actions.current?.querySelector<HTMLElement>(`[data-testid="${focusAfter.current}"]`);
    if (!next) return;
    next.focus();
    focusAfter.current = null;
  }, [quote.status, pending]);

  async function transition(kind: "publish" | "withdraw") {
    // Set before the request: the new status may render before the mutation's promise resolves.
    focusAfter.current = kind === "publish" ? "withdraw-quote" : "publish-quote";
    const result = kind === "publish" ? await publishQuote({ id: quote.id }) : await withdrawQuote({ id: quote.id });
    setPending(null);
    if (showRefusal(result.error)) {
      focusAfter.current = null;
      return;
    }
    toast.success(kind === "publish" ? t("quotes:published") : t("quotes:withdrawn"));
  }

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-sm tabular-nums text-slate-500" data-testid="quote-number">
          {t("quotes:quoteTitle", { number: quote.quoteNumber })}
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight [overflow-wrap:anywhere]" style={{ viewTransitionName: `quote-${quote.id}` }}>
          {quote.name}
        </h1>
        <div className="mt-2">
          <StatusBadge state={quote.lifecycle.state} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2" ref={actions}>
        {actionsAllowed.includes("PUBLISH") ? (
          <Button onClick={() => setPending("publish")} data-testid="publish-quote">
            {t("quotes:actions.publish")}
          </Button>
        ) : null}
        {actionsAllowed.includes("WITHDRAW") ? (
          <Button variant="secondary" onClick={() => setPending("withdraw")} data-testid="withdraw-quote">
            {t("quotes:actions.withdraw")}
          </Button>
        ) : null}
        <Button variant="secondary" busy={duplicating} onClick={() => void duplicate(quote.id)}>
          {t("quotes:actions.duplicate")}
        </Button>
        {draft ? (
          <Button variant="ghost" className="text-red-700" onClick={() => setPending("delete")}>
            {t("quotes:actions.delete")}
          </Button>
        ) : null}
      </div>

      <ConfirmDialog
        open={pending === "publish" || pending === "withdraw"}
        title={
          pending === "withdraw"
            ? t("quotes:confirmWithdraw.title", { number: quote.quoteNumber })
            : t("quotes:confirmPublish.title", { number: quote.quoteNumber })
        }
        confirmLabel={pending === "withdraw" ? t("quotes:confirmWithdraw.confirm") : t("quotes:confirmPublish.confirm")}
        cancelLabel={t("quotes:actions.cancel")}
        busy={publishing || withdrawing}
        confirmDisabled={pending === "publish" && blocked}
        onCancel={() => setPending(null)}
        onConfirm={() => void transition(pending === "withdraw" ? "withdraw" : "publish")}
      >
        {problems.length > 0 ? (
          <div data-testid="publish-problems">
            <Alert kind="error">
              <p>{t("quotes:publishProblems.intro")}</p>
              <ul className="mt-1 list-disc pl-5">
                {problems.map((problem) => (
                  <li key={problem}>{t(`quotes:publishProblems.${problem}`)}</li>
                ))}
              </ul>
              {problems.includes("expirationPassed") ? (
                <Button variant="secondary" className="mt-2" onClick={changeDate} data-testid="publish-change-date">
                  {t("quotes:publishProblems.changeDate")}
                </Button>
              ) : null}
            </Alert>
          </div>
        ) : null}
        <p>{pending === "withdraw" ? t("quotes:confirmWithdraw.body") : t("quotes:confirmPublish.body")}</p>
      </ConfirmDialog>
      <DeleteQuoteDialog
        target={pending === "delete" ? { id: quote.id, quoteNumber: quote.quoteNumber } : null}
        onClose={() => setPending(null)}
        onDeleted={() => navigate(href("/app/quotes"), { viewTransition: true })}
      />
    </div>
  );
}
