import { describe, expect, it } from "vitest";
import {
  STATS,
  ZStatisticsRange,
  averageSeconds,
  boundedBlockSeconds,
  boundedSeconds,
  dayInTimeZone,
  daysBetween,
  isSameVisit,
  isValidTimeZone,
  lastDays,
} from "./statistics";

describe("time bounding", () => {
  it("never gives more than has passed since the view began (plus slack), minus what is counted", () => {
    expect(boundedSeconds({ claimed: 60, elapsedSeconds: 10, alreadyCounted: 0 })).toBe(10 + STATS.slackSeconds);
    expect(boundedSeconds({ claimed: 60, elapsedSeconds: 20, alreadyCounted: 15 })).toBe(10);
    expect(boundedSeconds({ claimed: 5, elapsedSeconds: 1000, alreadyCounted: 0 })).toBe(5);
  });
  it("drops negative, non-finite and fractional claims to whole non-negative seconds", () => {
    expect(boundedSeconds({ claimed: -30, elapsedSeconds: 100, alreadyCounted: 0 })).toBe(0);
    expect(boundedSeconds({ claimed: Number.NaN, elapsedSeconds: 100, alreadyCounted: 0 })).toBe(0);
    expect(boundedSeconds({ claimed: Number.POSITIVE_INFINITY, elapsedSeconds: 100, alreadyCounted: 0 })).toBe(0);
    expect(boundedSeconds({ claimed: 7.9, elapsedSeconds: 100, alreadyCounted: 0 })).toBe(7);
    // A clock that runs backwards (elapsed < counted) gives nothing, never a negative.
    expect(boundedSeconds({ claimed: 10, elapsedSeconds: 0, alreadyCounted: 60 })).toBe(0);
  });
  it("caps one entry and one view", () => {
    expect(boundedSeconds({ claimed: 86_400, elapsedSeconds: 86_400, alreadyCounted: 0 })).toBe(STATS.maxSecondsPerEntry);
    expect(boundedSeconds({ claimed: 600, elapsedSeconds: 86_400, alreadyCounted: STATS.maxSecondsPerView - 100 })).toBe(100);
    expect(boundedSeconds({ claimed: 600, elapsedSeconds: 86_400, alreadyCounted: STATS.maxSecondsPerView })).toBe(0);
  });
  it("scales per-block seconds down to the entry's seconds and merges repeats", () => {
    expect(
      boundedBlockSeconds(
        [
          { blockId: "a", seconds: 10 },
          { blockId: "b", seconds: 5 },
        ],
        15,
      ),
    ).toEqual(
      new Map([
        ["a", 10],
        ["b", 5],
      ]),
    );
    expect(
      boundedBlockSeconds(
        [
          { blockId: "a", seconds: 20 },
          { blockId: "b", seconds: 20 },
        ],
        10,
      ),
    ).toEqual(
      new Map([
        ["a", 5],
        ["b", 5],
      ]),
    );
    expect(
      boundedBlockSeconds(
        [
          { blockId: "a", seconds: 3 },
          { blockId: "a", seconds: 4 },
          { blockId: "c", seconds: -9 },
        ],
        60,
      ),
    ).toEqual(new Map([["a", 7]]));
    const sum = [
      ...boundedBlockSeconds(
        [
          { blockId: "a", seconds: 7 },
          { blockId: "b", seconds: 7 },
          { blockId: "c", seconds: 7 },
        ],
        10,
      ).values(),
    ].reduce((x, y) => x + y, 0);
    expect(sum).toBeLessThanOrEqual(10);
  });
});

describe("the 30-minute rule", () => {
  const base = new Date("2026-05-04T10:00:00Z");
  const plus = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
  it("continues a visit within 30 minutes of the last activity, not at or after 30", () => {
    expect(isSameVisit(base, plus(0))).toBe(true);
    expect(isSameVisit(base, plus(29.99))).toBe(true);
    expect(isSameVisit(base, plus(30))).toBe(false);
    expect(isSameVisit(base, plus(90))).toBe(false);
  });
  it("never joins a visit from the future (clock skew between servers)", () => {
    expect(isSameVisit(plus(5), base)).toBe(false);
  });
});

describe("days and ranges", () => {
  it("puts 23:30 UTC on the next day in Amsterdam, the same day in UTC and New York", () => {
    const instant = new Date("2026-03-01T23:30:00Z");
    expect(dayInTimeZone(instant, "Europe/Amsterdam")).toBe("2026-03-02");
    expect(dayInTimeZone(instant, "UTC")).toBe("2026-03-01");
    expect(dayInTimeZone(instant, "America/New_York")).toBe("2026-03-01");
    // Summer time: 22:30 UTC is 00:30 in Amsterdam.
    expect(dayInTimeZone(new Date("2026-07-01T22:30:00Z"), "Europe/Amsterdam")).toBe("2026-07-02");
  });
  it("lists every day of a range and the dashboard's last N days", () => {
    expect(daysBetween("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(lastDays(30, "Europe/Amsterdam", new Date("2026-03-01T23:30:00Z"))).toEqual({ from: "2026-02-01", to: "2026-03-02" });
    expect(lastDays(7, "UTC", new Date("2026-03-01T23:30:00Z"))).toEqual({ from: "2026-02-23", to: "2026-03-01" });
  });
  it("caps the range at 366 days and refuses reversed or impossible dates", () => {
    expect(ZStatisticsRange.safeParse({ from: "2024-01-01", to: "2024-12-31" }).success).toBe(true); // 366 days (leap year)
    expect(ZStatisticsRange.safeParse({ from: "2024-01-01", to: "2025-01-01" }).error?.issues[0].message).toBe("statistics:errors.rangeTooLong");
    expect(ZStatisticsRange.safeParse({ from: "2026-02-01", to: "2026-01-01" }).error?.issues[0].message).toBe("statistics:errors.rangeReversed");
    expect(ZStatisticsRange.safeParse({ from: "2026-02-30", to: "2026-03-01" }).success).toBe(false);
    expect(ZStatisticsRange.safeParse({ from: "yesterday", to: "2026-03-01" }).success).toBe(false);
  });
  it("knows IANA zones and refuses anything else", () => {
    expect(isValidTimeZone("Europe/Amsterdam")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("'; drop table accounts; --")).toBe(false);
  });
  it("averages per view, 0 without views", () => {
    expect(averageSeconds(120, 3)).toBe(40);
    expect(averageSeconds(100, 3)).toBe(33);
    expect(averageSeconds(50, 0)).toBe(0);
  });
});
