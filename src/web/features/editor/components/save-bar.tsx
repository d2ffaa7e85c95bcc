import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { useToastClearance } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";

export type SaveState = "saved" | "dirty" | "saving" | "new";

/** Tailwind's `sm` breakpoint: from here the whole bar is stuck; below it, only the save state and Save. */
const WIDE = "(min-width: 40rem)";

/**
 * Which of the bar's two elements is stuck to the bottom of the screen (the whole bar on a wide
 * screen, its slim save row on a phone), kept as the screen turns or is resized.
 */
function useStuckElement(wide: RefObject<HTMLDivElement | null>, slim: RefObject<HTMLDivElement | null>) {
  const [isWide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return isWide ? wide : slim;
}

/**
 * Keeps a focused field clear of the stuck bar (WCAG 2.2 SC 2.4.11 Focus Not Obscured): the page's
 * `scroll-padding-bottom` (app.css, `--sticky-bottom`) follows the bar's height, so that the browser
 * scrolls a field reached with Tab (or shown by `scrollIntoView`) above the bar, not under it.
 */
function useScrollPadding(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--sticky-bottom", `${Math.ceil(bar.getBoundingClientRect().height)}px`));
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--sticky-bottom");
    };
  }, [ref]);
}

/**
 * The bottom bar of a block form: whether everything is saved (announced politely to screen
 * readers), back, and Save. Saving is explicit (docs/decisions/018-editor-libraries.md). Stuck to
 * the bottom of the screen; toasts ("Saved") appear above it, never over Save. On a phone only the
 * save state and Save stay stuck (one slim row, about 53 px instead of 177): Back and the block’s
 * other actions sit above it in the page, so that the bar covers as little of the form as it can.
 */
export function SaveBar({ state, backHref, backLabel, extra }: { state: SaveState; backHref: string; backLabel: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const wide = useRef<HTMLDivElement>(null);
  const slim = useRef<HTMLDivElement>(null);
  const stuck = useStuckElement(wide, slim);
  useToastClearance(stuck);
  useScrollPadding(stuck);
  const label =
    state === "saving" ? t("editor:saveState.saving") : state === "dirty" ? t("editor:saveState.dirty") : state === "saved" ? t("editor:saveState.saved") : "";
  return (
    <div
      ref={wide}
      data-testid="save-bar"
      className="contents sm:sticky sm:bottom-0 sm:z-10 sm:flex sm:items-center sm:gap-2 sm:rounded-b-xl sm:border-t sm:border-slate-200 sm:bg-white/95 sm:px-4 sm:py-3 sm:backdrop-blur"
    >
      <div className="flex flex-wrap items-center justify-end gap-2 pb-3 sm:order-2 sm:pb-0">
        {extra}
        <Link to={backHref} className="inline-flex justify-center rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
          {backLabel}
        </Link>
      </div>
      <div ref={slim} className="sticky bottom-0 z-10 -mx-4 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:contents">
        <p
          role="status"
          aria-live="polite"
          data-testid="save-state"
          data-state={state}
          className={`mr-auto text-sm sm:order-1 ${state === "dirty" ? "font-medium text-amber-800" : "text-slate-600"}`}
        >
          {label}
        </p>
        <Button type="submit" busy={state === "saving"} data-testid="save-block" className="sm:order-3">
          {t("editor:save")}
        </Button>
      </div>
    </div>
  );
}
