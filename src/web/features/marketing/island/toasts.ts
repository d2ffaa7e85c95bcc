/**
 * The marketing pages' toasts (SPEC §2: a message and a type, success or error; gone after 5 s or
 * on click), in plain DOM: the app's Toaster (React + Sonner) is not on these pages. Kept the
 * same for the keyboard: a toast is one tab stop at the end of the page; where focus came from
 * when it entered the toasts is remembered and focus goes back there when the focused toast goes
 * (Enter, Space, Escape, click, or its time running out). The timer pauses while the pointer is
 * over a toast or a toast has focus.
 */
export const TOAST_DURATION_MS = 5000;

const REGION_ID = "marketing-toasts";
let origin: HTMLElement | null = null;
let wired = false;

function wireRegion(region: HTMLElement) {
  if (wired) return;
  wired = true;
  region.addEventListener("focusin", (event) => {
    const from = event.relatedTarget;
    if (from instanceof Node && region.contains(from)) return;
    origin = from instanceof HTMLElement ? from : null;
  });
  region.addEventListener("focusout", (event) => {
    const to = event.relatedTarget;
    if (!(to instanceof Node && region.contains(to))) origin = null;
  });
}

export function toast(message: string, type: "success" | "error"): void {
  const region = document.getElementById(REGION_ID);
  if (!region) return;
  wireRegion(region);
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.toastType = type;
  button.className =
    "pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-left text-sm shadow-lg sm:w-auto sm:min-w-[18rem] sm:max-w-sm";
  const icon = document.createElement("span");
  icon.setAttribute("aria-hidden", "true");
  icon.className = `mt-0.5 inline-flex h-5 w-5 shrink-0 rounded-full ${type === "success" ? "bg-green-600" : "bg-red-600"}`;
  const text = document.createElement("span");
  text.className = "text-slate-900";
  text.setAttribute("role", type === "success" ? "status" : "alert");
  text.textContent = message;
  button.append(icon, text);

  let remaining = TOAST_DURATION_MS;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hovered = false;
  let focused = false;
  const dismiss = () => {
    clearTimeout(timer);
    if (!button.isConnected) return;
    if (button.contains(document.activeElement)) {
      const back = origin;
      origin = null;
      if (back?.isConnected) back.focus({ preventScroll: true });
      else button.blur();
    }
    button.remove();
  };
  const run = () => {
    startedAt = Date.now();
    timer = setTimeout(dismiss, remaining);
  };
  const update = () => {
    if (hovered || focused) {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      remaining = Math.max(0, remaining - (Date.now() - startedAt));
    } else if (timer === undefined) {
      run();
    }
  };
  button.addEventListener("click", dismiss);
  button.addEventListener("keydown", (event) => {
    if (event.key === "Escape") dismiss();
  });
  button.addEventListener("mouseenter", () => {
    hovered = true;
    update();
  });
  button.addEventListener("mouseleave", () => {
    hovered = false;
    update();
  });
  button.addEventListener("focus", () => {
    focused = true;
    update();
  });
  button.addEventListener("blur", () => {
    focused = false;
    update();
  });
  region.append(button);
  run();
}
