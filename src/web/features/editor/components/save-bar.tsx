import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { useToastClearance } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";

export type SaveState = "saved" | "dirty" | "saving" | "new";

/**
 * The bottom bar of a block form: whether everything is saved (announced politely to screen
 * readers), back, and Save. Saving is explicit (docs/decisions/018-editor-libraries.md). Stuck to
 * the bottom of the screen; toasts ("Saved") appear above it, never over Save.
 */
export function SaveBar({ state, backHref, backLabel, extra }: { state: SaveState; backHref: string; backLabel: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  useToastClearance(bar);
  const label = state === "saving" ? t("editor:saveState.saving") : state === "dirty" ? t("editor:saveState.dirty") : state === "saved" ? t("editor:saveState.saved") : "";
  return (
    <div ref={bar} className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:rounded-b-xl">
      <p role="status" aria-live="polite" data-testid="save-state" data-state={state} className={`text-sm sm:mr-auto ${state === "dirty" ? "font-medium text-amber-800" : "text-slate-600"}`}>
        {label}
      </p>
      {extra}
      <Link to={backHref} className="inline-flex justify-center rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
        {backLabel}
      </Link>
      <Button type="submit" busy={state === "saving"} data-testid="save-block">
        {t("editor:save")}
      </Button>
    </div>
  );
}
