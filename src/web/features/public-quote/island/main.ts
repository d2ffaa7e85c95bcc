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
async function reloadPage(): Promise<void> {
  const response = await fetch(window.location.href, { headers: { accept: "text/html" }, credentials: "same-origin" });
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

/** First start: the page's controls, then views and reading time (issue 15), once per page. */
function boot() {
  const data = start();
  if (data) startQuoteTracking({ nanoId: data.nanoId });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot, { once: true });
else boot();
