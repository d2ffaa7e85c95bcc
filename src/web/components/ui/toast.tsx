import { type RefObject, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { Toaster as SonnerToaster, toast as sonner } from "sonner";

/** SPEC: a toast has a message and a type (success or error); it goes after 5000 ms or on click. */
export const TOAST_DURATION_MS = 5000;
export type ToastType = "success" | "error";

/**
 * Focus and toasts. A toast is one tab stop (its dismiss button) in the normal tab order: Tab and
 * Shift+Tab go into it and out of it like any other element. Where focus came from when it
 * entered the toasts is remembered, and focus goes back there when the focused toast is dismissed
 * (Enter, Space, Escape, click, or its time running out), so it is never dropped on <body>.
 * Leaving the toasts by Tab or a click forgets it: focus stays where the person moved it.
 * (Sonner's own handling sent focus back to its origin on every Tab out of a toast, which trapped
 * keyboard users between the skip link, the toast and the logo.)
 */
const focusMemory: { origin: HTMLElement | null } = { origin: null };

function returnFocusFrom(id: string | number) {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !active.closest(`[data-toast-id="${String(id)}"]`)) return;
  const origin = focusMemory.origin;
  focusMemory.origin = null;
  if (origin?.isConnected) origin.focus({ preventScroll: true });
  else active.blur();
}

function ToastView({ id, message, type }: { id: string | number; message: string; type: ToastType }) {
  const success = type === "success";
  const ref = useRef<HTMLButtonElement>(null);
  // Sonner makes each toast's <li> a tab stop of its own; the button inside is the one stop.
  useLayoutEffect(() => {
    ref.current?.closest("li")?.setAttribute("tabindex", "-1");
  }, []);
  const dismiss = () => {
    returnFocusFrom(id);
    sonner.dismiss(id);
  };
  return (
    <button
      ref={ref}
      type="button"
      onClick={dismiss}
      onKeyDown={(event) => {
        if (event.key === "Escape") dismiss();
      }}
      data-toast-type={type}
      data-toast-id={String(id)}
      className="flex w-full min-w-[18rem] max-w-sm cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-left text-sm shadow-lg"
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-white ${success ? "bg-green-600" : "bg-red-600"}`}
      >
        {success ? (
          <svg viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5" aria-hidden="true">
            <path d="M7.7 13.3 4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
          </svg>
        ) : (
          <svg viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5" aria-hidden="true">
            <path d="M11 4h-2v8h2V4zm0 10h-2v2h2v-2z" />
          </svg>
        )}
      </span>
      <span className="text-slate-900" role={success ? "status" : "alert"}>
        {message}
      </span>
    </button>
  );
}

function show(message: string, type: ToastType) {
  return sonner.custom((id) => <ToastView id={id} message={message} type={type} />, {
    duration: TOAST_DURATION_MS,
    onAutoClose: (t) => returnFocusFrom(t.id),
    onDismiss: (t) => returnFocusFrom(t.id),
  });
}

/** toast.success("Saved"), toast.error("Something went wrong"). */
export const toast = {
  success: (message: string) => show(message, "success"),
  error: (message: string) => show(message, "error"),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};

/**
 * Room kept free at the bottom of the screen for a sticky action bar (a form's Save): toasts are
 * shown above it, so that a toast never covers the primary action — on a phone, where the toasts
 * span the screen's width, and on a wide screen, where the bottom-right corner can be over Save.
 */
const clearance = {
  px: 0,
  listeners: new Set<() => void>(),
  set(px: number) {
    if (px === clearance.px) return;
    clearance.px = px;
    for (const listener of clearance.listeners) listener();
  },
  subscribe(listener: () => void) {
    clearance.listeners.add(listener);
    return () => clearance.listeners.delete(listener);
  },
};
/** How much of the bottom of the screen the toasts (with their margin) may occupy. */
const TOAST_ZONE_PX = 160;

/**
 * Keeps toasts clear of `ref`, a bar stuck to the bottom of the screen: while it is in the lower
 * part of the screen, toasts rise above its top edge. Measured when the bar is laid out, resized or
 * scrolled, or the page around it changes size (at most once per frame).
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const { top, bottom } = bar.getBoundingClientRect();
      const height = window.innerHeight;
      // Above the toasts' zone, or off screen below it: nothing to avoid.
      const inZone = bottom > height - TOAST_ZONE_PX && top < height;
      clearance.set(inZone ? Math.ceil(height - top) : 0);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    // The bar moves without a scroll or a resize of its own when the page around it changes size
    // (a form's error message gone after a valid save: the card shrinks and its sticky bar, no
    // longer stuck, rises) — a toast placed by the old measure then covered Save until the next
    // scroll (decision 044, tenth pass). The page's size is watched too.
    const observer = new ResizeObserver(schedule);
    observer.observe(bar);
    if (bar.parentElement) observer.observe(bar.parentElement);
    observer.observe(document.body);
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      clearance.set(0);
    };
  }, [ref]);
}

const isInside = (container: Element, node: EventTarget | null) => node instanceof Node && container.contains(node);

/**
 * The toast container: bottom right on wide screens, along the bottom on phones (Sonner's own
 * layout below 600 px), so toasts never cover the header's menus and language switch; above a
 * sticky action bar when there is one (`useToastClearance`). Alt+T moves focus to the toasts
 * (Sonner's shortcut).
 */
export function Toaster({ label }: { label: string }) {
  const above = useSyncExternalStore(
    clearance.subscribe,
    () => clearance.px,
    () => 0,
  );
  // Sonner's default margins (24 px, 16 px on phones), raised by the bar's height.
  const offset = above ? { bottom: `${24 + above}px` } : undefined;
  const mobileOffset = above ? { bottom: `${16 + above}px` } : undefined;
  return (
    // Focus events stop here in the capture phase, so Sonner's focus handling never runs; ours does.
    <div
      onFocusCapture={(event) => {
        event.stopPropagation();
        if (isInside(event.currentTarget, event.relatedTarget)) return;
        focusMemory.origin = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
      }}
      onBlurCapture={(event) => {
        event.stopPropagation();
        if (!isInside(event.currentTarget, event.relatedTarget)) focusMemory.origin = null;
      }}
    >
      <SonnerToaster position="bottom-right" offset={offset} mobileOffset={mobileOffset} containerAriaLabel={label} toastOptions={{ unstyled: true }} />
    </div>
  );
}
