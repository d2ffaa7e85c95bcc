import { z } from "zod";

/**
 * Statistics rules shared by the server, the tracking script's callers and the tests
 * (docs/decisions/026-statistics-events-and-rollups.md). Pure functions: no clock, no database.
 */
export const STATS = {
  /**
   * Repeat opens by the same visitor (address; the User-Agent is not part of it, as it costs
   * nothing to change) of the same quote within this long of their last activity are one view.
   */
  dedupWindowSeconds: 30 * 60,
  /** Views one address may add to one quote per 24 hours (decision 026); opens past it are not counted. */
  maxViewsPerAddressPerQuotePerDay: 5,
  /** One time entry adds at most this much (heartbeats come every 15 s; a late final beacon stays small). */
  maxSecondsPerEntry: 600,
  /** One view counts at most this much reading time in all. */
  maxSecondsPerView: 4 * 60 * 60,
  /** Clock slack: a beacon may claim a few seconds more than the server measured since the view began. */
  slackSeconds: 5,
  /** Block ids one time entry may carry. */
  maxBlocksPerEntry: 100,
  /** Widest date range of the overview (inclusive days). */
  maxRangeDays: 366,
  /** Visits listed on a quote's statistics (newest first). */
  timelineLength: 50,
  /** Quote ids per quoteListStatistics call. */
  maxListIds: 100,
  /** Public calls per window (silently dropped above): per address, and per quote. */
  perIpPerMinute: 120,
  perQuotePerMinute: 600,
  /** Raw views (and their time entries) are kept this many months after the view began; rollups stay. */
  rawRetentionMonths: 13,
} as const;

export const DEFAULT_TIME_ZONE = "Europe/Amsterdam";

/** Whether the runtime knows the IANA time zone (PostgreSQL and Node share the IANA database). */
export function isValidTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{1,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones offered in the settings form: a fixed list (the same on the server and in every
 * browser, so the page hydrates cleanly), plus the account's own zone when it is another one.
 * The server accepts any valid IANA name.
 */
const COMMON_TIME_ZONES = [
  "Europe/Amsterdam",
  "Europe/Brussels",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Lisbon",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Madrid",
  "Europe/Rome",
  "Europe/Zurich",
  "Europe/Vienna",
  "Europe/Copenhagen",
  "Europe/Stockholm",
  "Europe/Oslo",
  "Europe/Helsinki",
  "Europe/Warsaw",
  "Europe/Prague",
  "Europe/Athens",
  "Europe/Istanbul",
  "Africa/Johannesburg",
  "America/Curacao",
  "America/Paramaribo",
  "America/Sao_Paulo",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Toronto",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Jakarta",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Auckland",
  "UTC",
] as const;
export function timeZoneOptions(current?: string): string[] {
  return current && !(COMMON_TIME_ZONES as readonly string[]).includes(current) ? [current, ...COMMON_TIME_ZONES] : [...COMMON_TIME_ZONES];
}

export const ZTimeZone = z
  .string({ error: "settings:validation.timeZoneInvalid" })
  .trim()
  .refine(isValidTimeZone, { error: "settings:validation.timeZoneInvalid" });

/**
 * How many seconds a time entry may add to a view: what it claims, cut to the per-entry cap, to
 * the time that has really passed since the view began (plus slack) minus what is already
 * counted, and to the per-view cap. Never negative; NaN and fractions are floored to whole seconds.
 */
export function boundedSeconds(input: { claimed: number; elapsedSeconds: number; alreadyCounted: number }): number {
  const claimed = Number.isFinite(input.claimed) ? Math.floor(input.claimed) : 0;
  const elapsed = Number.isFinite(input.elapsedSeconds) ? Math.floor(input.elapsedSeconds) : 0;
  const room = Math.min(elapsed + STATS.slackSeconds, STATS.maxSecondsPerView) - input.alreadyCounted;
  return Math.max(0, Math.min(claimed, STATS.maxSecondsPerEntry, room));
}

/**
 * Per-block seconds of one entry, scaled down so they never add up to more than the entry's
 * bounded seconds; unknown or repeated ids are merged, negatives dropped.
 */
export function boundedBlockSeconds(blocks: { blockId: string; seconds: number }[], total: number): Map<string, number> {
  const merged = new Map<string, number>();
  for (const b of blocks.slice(0, STATS.maxBlocksPerEntry)) {
    const s = Number.isFinite(b.seconds) ? Math.floor(b.seconds) : 0;
    if (s > 0) merged.set(b.blockId, (merged.get(b.blockId) ?? 0) + s);
  }
  const sum = [...merged.values()].reduce((a, b) => a + b, 0);
  if (sum <= total) return merged;
  const out = new Map<string, number>();
  for (const [id, s] of merged) {
    const scaled = Math.floor((s * total) / sum);
    if (scaled > 0) out.set(id, scaled);
  }
  return out;
}

/** Whether an open at `now` continues a view last active at `lastSeenAt` (the 30-minute rule). */
export function isSameVisit(lastSeenAt: Date, now: Date): boolean {
  const gap = now.getTime() - lastSeenAt.getTime();
  return gap >= 0 && gap < STATS.dedupWindowSeconds * 1000;
}

/** Average seconds per view, rounded; 0 without views. */
export const averageSeconds = (seconds: number, views: number) => (views > 0 ? Math.round(seconds / views) : 0);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** Days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = dayNumber(from); d <= dayNumber(to); d++) out.push(new Date(d * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/** A valid date range of the overview: real dates, from ≤ to, at most maxRangeDays days. */
export const ZStatisticsRange = z
  .object({
    from: z.string().regex(ISO_DATE, { error: "statistics:errors.dateInvalid" }),
    to: z.string().regex(ISO_DATE, { error: "statistics:errors.dateInvalid" }),
  })
  .superRefine((v, ctx) => {
    const from = dayNumber(v.from);
    const to = dayNumber(v.to);
    if (
      !Number.isFinite(from) ||
      !Number.isFinite(to) ||
      new Date(from * 86_400_000).toISOString().slice(0, 10) !== v.from ||
      new Date(to * 86_400_000).toISOString().slice(0, 10) !== v.to
    ) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "statistics:errors.dateInvalid" });
      return;
    }
    if (to < from) ctx.addIssue({ code: "custom", path: ["to"], message: "statistics:errors.rangeReversed" });
    else if (to - from + 1 > STATS.maxRangeDays) ctx.addIssue({ code: "custom", path: ["from"], message: "statistics:errors.rangeTooLong" });
  });

/** The day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** The last `days` days up to today in the zone: the dashboard's range. */
export function lastDays(days: number, timeZone: string, now = new Date()): { from: string; to: string } {
  const to = dayInTimeZone(now, timeZone);
  const from = new Date((dayNumber(to) - days + 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

export const DASHBOARD_RANGES = [7, 30, 90, 365] as const;

/** Public input: a time entry as the tracking script sends it. */
export const ZTimeStatisticInput = z.object({
  viewId: z.uuid(),
  nanoId: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
  seconds: z.number().int().min(0).max(86_400),
  blocks: z
    .array(z.object({ blockId: z.uuid(), seconds: z.number().int().min(0).max(86_400) }))
    .max(STATS.maxBlocksPerEntry)
    .default([]),
});
