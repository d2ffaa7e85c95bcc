/**
 * Reading-time tracking for the public quote page (docs/decisions/026). Framework-free and tiny:
 * it ships in the public page's island script, not with the app.
 *
 * - On open (after a prerender is actually shown) it calls `createViewStatistic`; a null view id
 *   (the sender's own team, a bot, an unavailable quote) stops tracking.
 * - Visible time only: the clock runs while `document.visibilityState` is "visible"; a heartbeat
 *   sends what has accumulated every 15 s, and a final beacon goes out when the page is hidden or
 *   left (`visibilitychange`, `pagehide`).
 * - Per block: an IntersectionObserver on `[data-block-id]` keeps the block with the most pixels
 *   in the viewport; visible time is credited to it.
 * - Transport: the view is one GraphQL call (it needs the answer: the view id). Time goes to
 *   `POST /api/beacon` (same service as `createTimeStatistic`) with `navigator.sendBeacon`, which
 *   survives the page being closed and needs no header; where sendBeacon is missing or refuses,
 *   `fetch(…, { keepalive: true })` to the same endpoint.
 */
export type QuoteTrackingOptions = { nanoId: string; graphqlUrl?: string; beaconUrl?: string; heartbeatSeconds?: number };

const VIEW = "mutation($n:String!){createViewStatistic(nanoId:$n){viewId}}";

/** Dispatched on `document` when the page's content was replaced (the blocks are new elements). */
export const CONTENT_REPLACED = "offerly:content-replaced";

export function startQuoteTracking(options: QuoteTrackingOptions): () => void {
  const url = options.graphqlUrl ?? "/graphql";
  const beaconUrl = options.beaconUrl ?? "/api/beacon";
  const doc = document;
  let viewId: string | null = null;
  let stopped = false;
  let visibleSince: number | null = null;
  let pendingMs = 0;
  let block: string | null = null;
  const blockMs = new Map<string, number>();
  const inView = new Map<Element, number>();
  const now = () => performance.now();

  const post = (query: string, variables: object) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({ query, variables }),
      credentials: "same-origin",
    });
  const beacon = (body: string) => {
    if (!navigator.sendBeacon?.(beaconUrl, body)) fetch(beaconUrl, { method: "POST", body, keepalive: true }).catch(() => undefined);
  };

  /** Moves the visible time since the last call into the pending totals. */
  const settle = () => {
    if (visibleSince === null) return;
    const t = now();
    const ms = t - visibleSince;
    visibleSince = t;
    pendingMs += ms;
    if (block) blockMs.set(block, (blockMs.get(block) ?? 0) + ms);
  };

  const flush = () => {
    settle();
    const seconds = Math.floor(pendingMs / 1000);
    if (!viewId || seconds < 1) return;
    pendingMs -= seconds * 1000;
    const blocks: { blockId: string; seconds: number }[] = [];
    for (const [blockId, ms] of blockMs) {
      const s = Math.floor(ms / 1000);
      if (s > 0) {
        blocks.push({ blockId, seconds: s });
        blockMs.set(blockId, ms - s * 1000);
      }
    }
    beacon(JSON.stringify({ viewId, nanoId: options.nanoId, seconds, blocks }));
  };

  const onVisibility = () => {
    if (doc.visibilityState === "visible") visibleSince ??= now();
    else {
      flush();
      visibleSince = null;
    }
  };
  const onLeave = () => flush();

  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver(
          (entries) => {
            settle();
            for (const e of entries) inView.set(e.target, e.isIntersecting ? e.intersectionRect.height : 0);
            let best = 0;
            block = null;
            for (const [el, px] of inView) {
              if (px > best) {
                best = px;
                block = (el as HTMLElement).dataset.blockId ?? null;
              }
            }
          },
          { threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
        )
      : null;

  /** (Re)observe the blocks: the page's content is replaced after a signature (the island's reload). */
  function observeBlocks() {
    if (!observer) return;
    observer.disconnect();
    inView.clear();
    for (const el of doc.querySelectorAll("[data-block-id]")) observer.observe(el);
  }

  const timer = setInterval(flush, (options.heartbeatSeconds ?? 15) * 1000);

  const begin = () => {
    if (stopped) return;
    if (doc.visibilityState === "visible") visibleSince = now();
    doc.addEventListener("visibilitychange", onVisibility);
    addEventListener("pagehide", onLeave);
    observeBlocks();
    doc.addEventListener(CONTENT_REPLACED, observeBlocks);
    post(VIEW, { n: options.nanoId })
      .then((r) => r.json())
      .then((body: { data?: { createViewStatistic?: { viewId: string | null } } }) => {
        viewId = body.data?.createViewStatistic?.viewId ?? null;
        if (!viewId) stop();
      })
      .catch(() => stop());
  };

  // A prerendered page is not seen until it is activated: count nothing before that.
  const prerendering = (doc as Document & { prerendering?: boolean }).prerendering;
  if (prerendering) doc.addEventListener("prerenderingchange", begin, { once: true });
  else begin();

  function stop() {
    if (stopped) return;
    flush();
    stopped = true;
    clearInterval(timer);
    observer?.disconnect();
    doc.removeEventListener("visibilitychange", onVisibility);
    doc.removeEventListener(CONTENT_REPLACED, observeBlocks);
    doc.removeEventListener("prerenderingchange", begin);
    removeEventListener("pagehide", onLeave);
  }
  return stop;
}
