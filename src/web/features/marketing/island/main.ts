/**
 * The marketing pages' only script (issue 27; decision 023 did the same for the public quote): no
 * React, no router, no app bundle. The pages are server-rendered HTML that works without it; this
 * adds the mobile menu's closing, the pricing interval switch in place, the contact and newsletter
 * forms in the background with toasts, and analytics. Built by scripts/build-server.mjs (esbuild)
 * into /assets/island/marketing-[hash].js.
 */
import { initAnalytics, trackPage } from "../../../analytics";
import type { MarketingIslandData } from "../types";
import { startForms } from "./forms";
import { startMenu } from "./menu";
import { startPricing } from "./pricing";

/**
 * SPEC §1: page_loaded on load, page_changed on each route change, with the path. Each marketing
 * page is a document of its own now, so a page opened from another page of this site (same-origin
 * referrer, another path) is a route change, and a page the visitor arrives on, or reloads, is a
 * load. A page shown again from the back/forward cache is a route change too; a form's answer
 * or the pricing switch (same path) is none, as in the app's router.
 */
function startAnalytics(data: MarketingIslandData) {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
  if (!initAnalytics(data.analytics, nonce)) return;
  const path = window.location.pathname;
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  let from: URL | null = null;
  try {
    from = document.referrer ? new URL(document.referrer) : null;
  } catch {
    from = null;
  }
  const withinSite = from !== null && from.origin === window.location.origin && navigation?.type !== "reload";
  if (!withinSite) trackPage("page_loaded", path);
  else if (from?.pathname !== path) trackPage("page_changed", path);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) trackPage("page_changed", window.location.pathname);
  });
}

function boot() {
  startMenu();
  startPricing();
  startForms();
  const dataElement = document.getElementById("offerly-marketing");
  const data = dataElement?.textContent ? (JSON.parse(dataElement.textContent) as MarketingIslandData) : { analytics: null };
  startAnalytics(data);
  document.documentElement.dataset.island = "ready";
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot, { once: true });
else boot();
