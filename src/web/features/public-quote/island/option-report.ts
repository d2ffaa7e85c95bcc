/**
 * Reports the customer's choice of optional lines to the audit trail (OPTION_CHANGED, server:
 * modules/public-quote/option-changes.ts) once it settles: one report per pause in ticking, and
 * at once when the page is left. `navigator.sendBeacon` (survives leaving the page; no headers),
 * else a keepalive fetch to the same address.
 */
const URL_PATH = "/api/quote-options";
const SETTLE_MS = 1200;

export function optionReporter(nanoId: string, selection: () => string[]) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sent = selection().join(",");
  const send = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const current = selection();
    if (current.join(",") === sent) return;
    sent = current.join(",");
    const body = JSON.stringify({ nanoId, selection: current });
    if (!navigator.sendBeacon?.(URL_PATH, body)) fetch(URL_PATH, { method: "POST", body, keepalive: true }).catch(() => undefined);
  };
  addEventListener("pagehide", () => {
    if (timer) send();
  });
  return () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(send, SETTLE_MS);
  };
}
