/**
 * The public quote page's only script (decision 023): no React, no router, no app bundle. It reads
 * the page's JSON (`#offerly-quote`), makes optional lines and totals live, wires print and the
 * signing form (signature_pad is loaded only when the customer opens the form). Built by
 * scripts/build-server.mjs (esbuild) into /assets/island/.
 */
import type { IslandData } from "../types";
import { startSigning } from "./signing";
import { startOptions } from "./options";
import { CONTENT_REPLACED, startQuoteTracking } from "../../statistics/tracking";

function start() {
  const root = document.getElementById("public-quote");
  const dataElement = document.getElementById("offerly-quote");
  if (!root || !dataElement?.textContent) return null;
  const data = JSON.parse(dataElement.textContent) as IslandData;
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-print]")) button.addEventListener("click", () => window.print());
  const options = startOptions(root, data);
  startSigning(root, data, { selection: options.selection, reload: reloadPage });
  return data;
}

/**
 * After a signature: the page is fetched again and its content replaced (the server renders it:
 * one renderer), then the island starts again on the new content. SPEC §7: creating a quote
 * signature refetches the public quote.
 */
async function reloadPage(url = window.location.href): Promise<void> {
  // no-cache: the server reads the primary, not a read replica that may not have the signature yet (decision 036).
  const response = await fetch(url, { headers: { accept: "text/html", "cache-control": "no-cache" }, cache: "no-store", credentials: "same-origin" });
  if (!response.ok) throw new Error(`reload ${response.status}`);
  const html = await response.text();
  const next = new DOMParser().parseFromString(html, "text/html");
  const incoming = next.getElementById("public-quote");
  const current = document.getElementById("public-quote");
  if (!incoming || !current) throw new Error("reload: no page");
  // Scripts parsed by DOMParser never run: the island is already here and starts again below.
  for (const script of incoming.querySelectorAll("script[src]")) script.remove();
  const toasts = current.querySelector("#island-toasts");
  current.replaceChildren(...Array.from(incoming.childNodes).map((node) => document.importNode(node, true)));
  const newToasts = current.querySelector("#island-toasts");
  if (toasts && newToasts) newToasts.replaceWith(toasts);
  start();
  document.dispatchEvent(new Event(CONTENT_REPLACED));
}

/**
 * "Changed since you last viewed" (decision 032), without cookies: this browser remembers the last
 * version it showed of this link (localStorage). When the page shows a newer one, the page is
 * fetched again with ?changesSince=<that version> and the server renders what changed.
 */
function showChangesSinceLastView(data: IslandData) {
  if (!data.version) return;
  const key = `offerly:quote-version:${data.nanoId}`;
  let seen = 0;
  try {
    seen = Number(window.localStorage.getItem(key)) || 0;
    window.localStorage.setItem(key, String(data.version));
  } catch {
    return; // storage blocked: nothing to compare with
  }
  if (seen > 0 && seen < data.version && !data.showsChanges) {
    const url = new URL(window.location.href);
    url.searchParams.set("changesSince", String(seen));
    void reloadPage(url.toString()).catch(() => undefined);
  }
}

/** First start: the page's controls, then views and reading time (issue 15), once per page. */
function boot() {
  const data = start();
  if (data) startQuoteTracking({ nanoId: data.nanoId });
  if (data) showChangesSinceLastView(data);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot, { once: true });
else boot();
