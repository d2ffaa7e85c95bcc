import type { Page } from "playwright-core";

/**
 * Browser checks for two WCAG 2.2 success criteria that axe-core cannot see, usable on any screen:
 *
 * - SC 2.4.11 Focus Not Obscured (and the stricter 2.4.12): `tabThroughObscured(page)` presses Tab
 *   through the screen and, at every stop, measures how much of the focused element's box is under
 *   an element with `position: sticky` or `fixed` (a save bar, a header, a toast) that does not
 *   contain it: a grid of points over the box, each one tested against every such element's box
 *   and, for the ones inside it, `elementsFromPoint` to see which is painted on top.
 * - SC 2.5.8 Target Size (Minimum): `undersizedTargets(page)` lists every visible interactive
 *   element smaller than 24 × 24 CSS px that also fails the spacing exception (a 24 px circle on
 *   its centre touches another target or another small target's circle). Inline links in a
 *   sentence are exempt, as the criterion says; a checkbox or radio counts with its label (a click
 *   on the label activates it).
 */

export type FocusStop = {
  /** A short description of the focused element: tag, name or label, test id. */
  element: string;
  /** Share of its box covered by a sticky or fixed element, 0 … 1. */
  covered: number;
  /** The covering element, when there is one. */
  by?: string;
};

/** Describes an element for a failure message. Runs in the page. */
const DESCRIBE = `(el) => {
  if (!el) return "(none)";
  const label = el.getAttribute("aria-label") || (el.labels && el.labels[0] ? el.labels[0].textContent : "") || el.textContent || el.getAttribute("name") || "";
  const id = el.getAttribute("data-testid");
  return el.tagName.toLowerCase() + (el.getAttribute("type") ? "[" + el.getAttribute("type") + "]" : "") + (id ? "#" + id : "") + ' "' + label.trim().replace(/\\s+/g, " ").slice(0, 40) + '"';
}`;

/** Defines DESCRIBE in the page (through the DevTools protocol: the page's CSP does not apply). */
async function installDescribe(page: Page) {
  await page.evaluate(`window.__describeTarget ??= ${DESCRIBE}`);
}

/**
 * Installs `window.__focusStop()` in the page: after a frame (for the scroll a Tab causes), whether
 * the focused element is new in this walk, and how much of it is covered by a sticky or fixed
 * element that does not contain it. The sticky and fixed elements are found once and again only
 * after nodes were added or removed (a MutationObserver): scanning every element's computed style
 * at every stop was most of this check's time on the editor's large screens.
 */
async function installFocusStop(page: Page) {
  await installDescribe(page);
  await page.evaluate(() => {
    type Stop = { element: string; covered: number; by?: string };
    const w = window as unknown as {
      __describeTarget: (el: Element | null) => string;
      __focusStop: () => Promise<{ fresh: boolean; stop: Stop | null }>;
      __focusWalk?: MutationObserver;
    };
    const describe = w.__describeTarget;
    const seen = new WeakSet<Element>();
    let positioned: Element[] | null = null;
    w.__focusWalk?.disconnect();
    w.__focusWalk = new MutationObserver(() => {
      positioned = null;
    });
    w.__focusWalk.observe(document.body, { childList: true, subtree: true });
    const stickyOrFixed = () =>
      (positioned ??= [...document.querySelectorAll("body *")].filter((el) => {
        const position = getComputedStyle(el).position;
        return position === "sticky" || position === "fixed";
      }));
    const coverage = (focused: Element): Stop => {
      const box = focused.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return { element: describe(focused), covered: 0 };
      const overlays = stickyOrFixed().filter((el) => {
        if (!el.isConnected || el.contains(focused)) return false;
        const style = getComputedStyle(el);
        return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) !== 0;
      });
      const boxes = overlays.map((el) => ({ el, rect: el.getBoundingClientRect() })).filter(({ rect }) => rect.width > 0 && rect.height > 0);
      const steps = 8;
      let covered = 0;
      let by: Element | undefined;
      for (let i = 0; i < steps; i += 1) {
        for (let j = 0; j < steps; j += 1) {
          const x = box.left + ((i + 0.5) * box.width) / steps;
          const y = box.top + ((j + 0.5) * box.height) / steps;
          const over = boxes.find(({ rect }) => x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom);
          if (!over) continue;
          // Painted above the focused element? The first of the two in the paint order at that point.
          const stack = document.elementsFromPoint(x, y);
          const overAt = stack.findIndex((el) => over.el.contains(el));
          const focusedAt = stack.findIndex((el) => focused.contains(el) || el.contains(focused));
          if (overAt !== -1 && (focusedAt === -1 || overAt < focusedAt)) {
            covered += 1;
            by ??= over.el;
          }
        }
      }
      return { element: describe(focused), covered: covered / (steps * steps), ...(by ? { by: describe(by) } : {}) };
    };
    w.__focusStop = () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => {
          const el = document.activeElement;
          // Coming round again (or leaving the page) ends the walk.
          if (!el || el === document.body || seen.has(el)) return resolve({ fresh: false, stop: null });
          seen.add(el);
          resolve({ fresh: true, stop: coverage(el) });
        }),
      );
  });
}

/**
 * Presses Tab from the top of the page until focus comes back round (or `maxStops`), waiting a frame
 * after each press for the scroll, and returns every stop whose element is covered by more than
 * `tolerance` (0: any part covered fails, as SC 2.4.12 asks; SC 2.4.11 fails at 1). `from`: a
 * selector to start after (focus goes to it first), e.g. the main content instead of the header.
 */
export async function tabThroughObscured(
  page: Page,
  options: { maxStops?: number; tolerance?: number; from?: string } = {},
): Promise<{ stops: number; obscured: FocusStop[] }> {
  const maxStops = options.maxStops ?? 200;
  const tolerance = options.tolerance ?? 0;
  if (options.from) await page.locator(options.from).first().focus();
  else await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await installFocusStop(page);
  const obscured: FocusStop[] = [];
  let stops = 0;
  for (let n = 0; n < maxStops; n += 1) {
    await page.keyboard.press("Tab");
    // One round trip a stop: the frame, whether the element is new, and its coverage.
    const { fresh, stop } = await page.evaluate(() =>
      (window as unknown as { __focusStop: () => Promise<{ fresh: boolean; stop: FocusStop | null }> }).__focusStop(),
    );
    if (!fresh) break;
    stops += 1;
    if (stop && stop.covered > tolerance) obscured.push(stop);
  }
  return { stops, obscured };
}

export type SmallTarget = { element: string; width: number; height: number; near?: string };

/** Visible interactive elements below 24 × 24 CSS px that fail the spacing exception (SC 2.5.8). */
export async function undersizedTargets(page: Page): Promise<SmallTarget[]> {
  await installDescribe(page);
  return page.evaluate(() => {
    const describe = (window as unknown as { __describeTarget: (el: Element | null) => string }).__describeTarget;
    const MIN = 24;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [contenteditable="true"]';
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      // Visually hidden (Tailwind's sr-only: clipped to nothing), e.g. a file input opened by a button.
      const clipped = style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)";
      return style.visibility !== "hidden" && style.display !== "none" && !clipped && rect.width > 0 && rect.height > 0;
    };
    /** A link inside a sentence: inline, with text of its own block around it. */
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== "inline") return false;
      const parent = el.parentElement;
      if (!parent) return false;
      return [...parent.childNodes].some((node) => node !== el && node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "");
    };
    type Target = { el: Element; left: number; top: number; right: number; bottom: number };
    const targets: Target[] = [];
    for (const el of document.querySelectorAll(selector)) {
      if (!visible(el) || (el as HTMLButtonElement).disabled || inSentence(el)) continue;
      // Nested targets (a button inside a link): the outer one counts.
      if (el.parentElement?.closest(selector)) continue;
      let { left, top, right, bottom } = el.getBoundingClientRect();
      const labels = (el as HTMLInputElement).labels;
      if (labels && ["checkbox", "radio"].includes((el as HTMLInputElement).type)) {
        for (const label of labels) {
          const r = label.getBoundingClientRect();
          if (r.width === 0) continue;
          left = Math.min(left, r.left);
          top = Math.min(top, r.top);
          right = Math.max(right, r.right);
          bottom = Math.max(bottom, r.bottom);
        }
      }
      targets.push({ el, left, top, right, bottom });
    }
    const small = (t: Target) => t.right - t.left < MIN - 0.01 || t.bottom - t.top < MIN - 0.01;
    const centre = (t: Target) => ({ x: (t.left + t.right) / 2, y: (t.top + t.bottom) / 2 });
    /** Distance from a point to a box (0 inside). */
    const distance = (p: { x: number; y: number }, t: Target) => Math.hypot(Math.max(t.left - p.x, 0, p.x - t.right), Math.max(t.top - p.y, 0, p.y - t.bottom));
    const failures: { element: string; width: number; height: number; near?: string }[] = [];
    for (const t of targets.filter(small)) {
      const c = centre(t);
      const near = targets.find((o) => {
        if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) return false;
        if (distance(c, o) < MIN / 2) return true;
        if (small(o)) {
          const d = centre(o);
          return Math.hypot(c.x - d.x, c.y - d.y) < MIN;
        }
        return false;
      });
      if (near) failures.push({ element: describe(t.el), width: Math.round(t.right - t.left), height: Math.round(t.bottom - t.top), near: describe(near.el) });
    }
    return failures;
  });
}
