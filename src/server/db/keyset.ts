import { type SQL, sql } from "drizzle-orm";

/**
 * Keyset pagination (issue 27 item 4, docs/decisions/062-stored-totals-and-keyset.md). A list's
 * order is a list of key columns ending in a unique one; a cursor is the key of a row, as text
 * (a timestamp keeps its microseconds). "Next" reads the rows after the last row shown, "previous"
 * the rows before the first: an index range, however deep the page, and the same rows whatever was
 * inserted or deleted before them meanwhile. Page numbers are still given (the web app shows
 * "page x of y"), computed from how many rows come before the page.
 */
export type KeyColumn = {
  /** The expression the list orders by. */
  expr: SQL;
  /** The SQL type a cursor value is cast to before comparing ("timestamptz", "text", "uuid", "int"). */
  type: "timestamptz" | "text" | "uuid" | "int";
  desc: boolean;
};

/** Where a page starts: after a row (next), before a row (previous), or at an offset (a page number). */
export type PageRequest = { after: string[] | null; before: string[] | null; offset: number; limit: number };
export type KeysetPage<T> = {
  items: T[];
  total: number;
  /** Rows of the whole list before the first item: the page number is rowsBefore / pageSize + 1. */
  rowsBefore: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
};

const PREFIX = "k1.";

/** An opaque cursor: the key's values (and a tag such as the sort, which must match when read back). */
export function encodeCursor(values: readonly string[], tag = ""): string {
  return PREFIX + Buffer.from(JSON.stringify([tag, ...values])).toString("base64url");
}

/** The key's values of a cursor made by `encodeCursor` with the same tag and length; null when it is not one. */
export function decodeCursor(cursor: string, length: number, tag = ""): string[] | null {
  if (!cursor.startsWith(PREFIX) || cursor.length > 2000) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor.slice(PREFIX.length), "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== length + 1 || parsed[0] !== tag) return null;
    if (!parsed.every((v) => typeof v === "string" && v.length <= 500)) return null;
    return parsed.slice(1) as string[];
  } catch {
    return null;
  }
}

/** The columns' values as text, to select with each row (the cursor is made from them). */
export function keyText(columns: readonly KeyColumn[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    columns.map((c) => sql`(${c.expr})::text`),
    sql`, `,
  )}]`;
}

const value = (c: KeyColumn, v: string) => sql`${v}::${sql.raw(c.type)}`;

/**
 * Rows after (`forward`) or before the key in the list's order. With one direction for all columns a
 * row comparison (an index range); mixed directions spell it out.
 */
export function beyondKey(columns: readonly KeyColumn[], values: readonly string[], forward: boolean): SQL {
  const greater = (c: KeyColumn) => c.desc !== forward; // ascending + forward: greater values come after
  if (columns.every((c) => c.desc === columns[0].desc)) {
    const left = sql.join(
      columns.map((c) => sql`(${c.expr})`),
      sql`, `,
    );
    const right = sql.join(
      columns.map((c, i) => value(c, values[i])),
      sql`, `,
    );
    return greater(columns[0]) ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
  }
  const terms = columns.map((c, i) => {
    const equal = columns.slice(0, i).map((p, j) => sql`(${p.expr}) = ${value(p, values[j])}`);
    const step = greater(c) ? sql`(${c.expr}) > ${value(c, values[i])}` : sql`(${c.expr}) < ${value(c, values[i])}`;
    return sql`(${sql.join([...equal, step], sql` and `)})`;
  });
  return sql`(${sql.join(terms, sql` or `)})`;
}

/** ORDER BY the key (or its reverse, to read the rows before a key nearest first). */
export function keyOrder(columns: readonly KeyColumn[], reverse = false): SQL[] {
  return columns.map((c) => (c.desc !== reverse ? sql`${c.expr} desc` : sql`${c.expr} asc`));
}

/**
 * One page of a list by keyset: `read(where, order, limit)` runs the list's own query (its columns,
 * joins) with the extra condition and order; `count(condition)` counts the list's rows, all of them
 * and those matching the condition, in one statement. Page numbers (`offset`) are read from the
 * index alone first (the key of the page's first row) and then walk it like a cursor.
 */
export async function keysetPage<T extends { key: string[] }>(
  columns: readonly KeyColumn[],
  request: PageRequest,
  query: {
    read: (extra: SQL | undefined, order: SQL[], limit: number) => Promise<T[]>;
    count: (condition: SQL | undefined) => Promise<{ total: number; matching: number }>;
    /** The key of the row at `offset` (from the index only), or null past the end. */
    keyAt: (order: SQL[], offset: number) => Promise<string[] | null>;
    /**
     * Optional: the forward reads (from the start, or after a key) and their count as prepared
     * statements — the same rows and counts as `read(beyondKey(columns, after, true) or nothing,
     * keyOrder(columns), limit)` and `count(that condition)`; undefined when they do not apply.
     */
    forward?: {
      read: (after: string[] | null, limit: number) => Promise<T[]>;
      count: (after: string[] | null) => Promise<{ total: number; matching: number }>;
    };
  },
  tag = "",
): Promise<KeysetPage<T>> {
  const { limit } = request;
  let rows: T[];
  let total: number;
  let rowsBefore: number;
  let hasPreviousPage: boolean;
  let hasNextPage: boolean;
  if (request.before) {
    const condition = beyondKey(columns, request.before, false);
    const [read, counted] = await Promise.all([query.read(condition, keyOrder(columns, true), limit + 1), query.count(condition)]);
    hasPreviousPage = read.length > limit;
    rows = read.slice(0, limit).reverse();
    total = counted.total;
    rowsBefore = counted.matching - rows.length;
    hasNextPage = rowsBefore + rows.length < total;
  } else {
    let after = request.after;
    let atOffset = false;
    if (!after && request.offset > 0) {
      // A page number: the key of the row just before the page, read from the index alone.
      after = await query.keyAt(keyOrder(columns), request.offset - 1);
      atOffset = true;
      if (!after) {
        const counted = await query.count(undefined);
        return {
          items: [],
          total: counted.total,
          rowsBefore: request.offset,
          hasPreviousPage: counted.total > 0,
          hasNextPage: false,
          startCursor: null,
          endCursor: null,
        };
      }
    }
    const condition = after ? beyondKey(columns, after, true) : undefined;
    const [read, counted] = query.forward
      ? await Promise.all([query.forward.read(after, limit + 1), query.forward.count(after)])
      : await Promise.all([query.read(condition, keyOrder(columns), limit + 1), query.count(condition)]);
    rows = read.slice(0, limit);
    total = counted.total;
    rowsBefore = condition ? (atOffset ? request.offset : total - counted.matching) : 0;
    hasPreviousPage = rowsBefore > 0;
    hasNextPage = read.length > limit;
  }
  return {
    items: rows,
    total,
    rowsBefore,
    hasPreviousPage,
    hasNextPage,
    startCursor: rows.length ? encodeCursor(rows[0].key, tag) : null,
    endCursor: rows.length ? encodeCursor(rows[rows.length - 1].key, tag) : null,
  };
}
