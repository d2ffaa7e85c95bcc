import type { Executor } from "../../db/client";
import type { PublicQuoteView } from "./public-quote.service";
import { type Evidence, recordView } from "./signing.service";

/**
 * Views known to be recorded (decision 065): the VIEWED statement answers how long (by the
 * database's clock) the row it wrote, or the one that made this view a repeat, keeps later views of
 * the same quote version from the same address and browser out (≤ 30 minutes). Rows are
 * append-only (a trigger refuses UPDATE/DELETE), so until then the statement would write nothing:
 * the memo skips it, until the answer less a second, by a monotonic clock. A new browser, address
 * or version runs the statement as before; the database still decides for several app servers.
 * Bounded: past `max` keys the oldest go. The page cache's hits use one (decision 065); the page's
 * render, for any other request, another per database (decision 085).
 */
export type ViewMemo = {
  /** "known": the statement was skipped; "recorded": it ran (a member's view runs nothing: "recorded"). */
  record: (
    db: Executor,
    view: Pick<PublicQuoteView, "quoteId" | "accountId" | "viewerIsMember"> & { version?: { number: number } | null },
    evidence: Evidence,
  ) => Promise<"known" | "recorded">;
  clear: () => void;
};

export function createViewMemo(options: { monotonic?: () => number; max?: number } = {}): ViewMemo {
  const monotonic = options.monotonic ?? (() => performance.now());
  const max = options.max ?? 10_000;
  /** key → monotonic ms until which the statement would write nothing. Oldest first. */
  const viewed = new Map<string, number>();
  return {
    async record(db, view, evidence) {
      if (view.viewerIsMember) return "recorded";
      const key = JSON.stringify([view.quoteId, view.version?.number ?? null, evidence.ip?.slice(0, 100) ?? null, evidence.userAgent?.slice(0, 500) ?? null]);
      const until = viewed.get(key);
      if (until !== undefined && monotonic() < until) return "known";
      viewed.delete(key);
      const validMs = await recordView(db, view, evidence);
      if (validMs <= 1_000) return "recorded";
      viewed.set(key, monotonic() + validMs - 1_000);
      for (const oldest of viewed.keys()) {
        if (viewed.size <= max) break;
        viewed.delete(oldest);
      }
      return "recorded";
    },
    clear: () => viewed.clear(),
  };
}

const byDatabase = new WeakMap<object, ViewMemo>();
/** The rendered page's memo for a database (decision 085): its loader records a view through it. */
export function pageViewMemo(db: Executor): ViewMemo {
  let memo = byDatabase.get(db);
  if (!memo) {
    memo = createViewMemo();
    byDatabase.set(db, memo);
  }
  return memo;
}
