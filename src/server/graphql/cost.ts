import type { ComplexityEstimatorArgs } from "graphql-query-complexity";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./pagination";

/**
 * Query cost, in units of roughly one database row read (or one query). It is computed before
 * execution from the query and its variables (graphql-query-complexity, rule in yoga.ts), and
 * unlike graphql-armor's cost it multiplies by list size: a page of 100 quotes costs 100 × what
 * one quote's fields cost. Fields that read nothing beyond their parent's row cost 0.
 *
 * Each field declares its cost with `extensions: cost.…` (read by the fieldExtensionsEstimator).
 */
type Estimate = (args: ComplexityEstimatorArgs) => number;

/**
 * How many items a list argument (`pageSize`, `first`, a REST `limit`) asks for: within 1–`max`,
 * `fallback` when it is absent. A size the list will refuse or clamp still counts as the largest it
 * would allow, so the cost of a list has a clear maximum: its cost at `max`.
 */
export function listSize(value: unknown, fallback: number, max: number): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.min(Math.max(Math.trunc(value), 1), max) : fallback;
}

const pageSizeOf = (args: Record<string, unknown>) => listSize(args.pageSize, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

const estimate = (complexity: Estimate) => ({ complexity });

export const cost = {
  /** A root field that reads one row by id (plus what is selected under it). */
  one: estimate(({ childComplexity }) => 5 + childComplexity),
  /**
   * A paginated root list: the page query and the count (more with a search, which scans the
   * account's rows), then each item — its row read past the offset, its joined row, and what is
   * selected under it — × page size.
   */
  page: estimate(({ args, childComplexity }) => 25 + (args.search ? 75 : 0) + pageSizeOf(args) * (2 + childComplexity)),
  /**
   * A list whose length an argument asks for (`first`, default `fallback`, at most `max`): `base`
   * for its query, then each item — `perItem` for its row and what is selected under it — × the
   * size asked for. Small pages cost little; the largest costs its worst case.
   */
  list: (options: { arg: string; fallback: number; max: number; base: number; perItem: number }) =>
    estimate(({ args, childComplexity }) => options.base + listSize(args[options.arg], options.fallback, options.max) * (options.perItem + childComplexity)),
  /** A mutation: a transaction of a few statements. */
  mutation: estimate(({ childComplexity }) => 20 + childComplexity),
  /**
   * A per-parent field loaded in one batch for all parents (dataloader): about `rows` rows per
   * parent, each with what is selected under it.
   */
  perParent: (rows: number) => estimate(({ childComplexity }) => rows + rows * childComplexity),
  /** A list already loaded with the parent (no query), about `rows` long. */
  loadedList: (rows: number) => estimate(({ childComplexity }) => rows * childComplexity),
} as const;

/**
 * Limits, chosen with `npm run bench -- cost` so that the most expensive request they allow stays
 * under ~250 ms of database time on PGlite (see docs/decisions/008-batching-and-query-cost.md).
 */
export const COST_LIMITS = {
  /** Largest cost of one request (`npm run bench -- cost`: the worst request it allows). */
  maxCost: 600,
  /** Cost units one user (or one address, signed out) may spend per window. */
  budget: 50_000,
  budgetWindowSeconds: 60,
};
export type CostLimits = typeof COST_LIMITS;
