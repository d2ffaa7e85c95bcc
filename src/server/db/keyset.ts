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
 * Rows after (`forward`) or before the key in the list's order (`inclusive`: and the key's own row).
 * With one direction for all columns a row comparison (an index range); mixed directions spell it out.
 */
export function beyondKey(columns: readonly KeyColumn[], values: readonly string[], forward: boolean, inclusive = false): SQL {
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
    const op = sql.raw((greater(columns[0]) ? ">" : "<") + (inclusive ? "=" : ""));
    return sql`(${left}) ${op} (${right})`;
  }
  const terms = columns.map((c, i) => {
    const equal = columns.slice(0, i).map((p, j) => sql`(${p.expr}) = ${value(p, values[j])}`);
    const op = sql.raw((greater(c) ? ">" : "<") + (inclusive && i === columns.length - 1 ? "=" : ""));
    const step = sql`(${c.expr}) ${op} ${value(c, values[i])}`;
    return sql`(${sql.join([...equal, step], sql` and `)})`;
  });
  return sql`(${sql.join(terms, sql` or `)})`;
}

/**
 * The key of the row at `offset` in `order`, as text: the skipped rows give only their key columns
 * (the text of a timestamp is made once, for the row found, not for each row skipped). `from` is
 * the list's table with its condition (`quotes where …`).
 */
export function keyAtSql(columns: readonly KeyColumn[], from: SQL, order: SQL[], offset: number): SQL<string[]> {
  const inner = sql.join(
    columns.map((c, i) => sql`${c.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const outer = sql.join(
    columns.map((_, i) => sql.raw(`k${i}::text`)),
    sql`, `,
  );
  return sql<string[]>`select array[${outer}] as key from (select ${inner} from ${from} order by ${sql.join(order, sql`, `)} offset ${offset} limit 1) k`;
}

/**
 * A page by number in one statement (decisions 084, 087): the condition "after the key of the row
 * `skip` rows into the list" (placeholder `skip`), that key read from the nearer end of the list by
 * its stored total (`total`: forward when 2 × skip < total, else backwards from the end, as
 * keysetPage's counted path). `from`: the list's table; `scope`: its rows (the account's). No row
 * before the page (past the end): the condition is null and the page is empty. For a key whose
 * columns all sort one way.
 */
export function afterKeyAtSkip(columns: readonly KeyColumn[], from: SQL, scope: SQL, total: SQL): SQL {
  if (!columns.every((c) => c.desc === columns[0].desc)) throw new Error("afterKeyAtSkip: the key's columns must sort one way");
  const keyOf = (reverse: boolean, offset: SQL, guard: SQL) =>
    sql`(select ${sql.join(
      columns.map((c, i) => sql`${c.expr} as ${sql.raw(`k${i}`)}`),
      sql`, `,
    )} from ${from} where ${scope} and ${guard} order by ${sql.join(keyOrder(columns, reverse), sql`, `)} offset ${offset} limit 1)`;
  const skip = sql`${sql.placeholder("skip")}::int`;
  const fromStart = keyOf(false, skip, sql`${skip} * 2 < coalesce(${total}, 0)`);
  const fromEnd = keyOf(
    true,
    sql`greatest(coalesce(${total}, 0) - ${skip} - 1, 0)`,
    sql`${skip} * 2 >= coalesce(${total}, 0) and ${skip} < coalesce(${total}, 0)`,
  );
  const exprs = sql.join(
    columns.map((c) => sql`(${c.expr})`),
    sql`, `,
  );
  const keys = sql.raw(columns.map((_, i) => `k${i}`).join(", "));
  const op = sql.raw(columns[0].desc ? "<" : ">");
  return sql`(${exprs}) ${op} (select ${keys} from (${fromStart} union all ${fromEnd}) k limit 1)`;
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
      /** Optional when `counted` is given (not used then). */
      count?: (after: string[] | null) => Promise<{ total: number; matching: number }>;
      /**
       * Optional, with `counted`: the page at a page number (`offset` rows before it, `limit` + 1
       * rows) and the list's total in one statement — the rows `keyAt` and `read` give — or null
       * when there is no row there (then the total is read on its own).
       */
      pageAt?: (offset: number, limit: number) => Promise<{ rows: T[]; total: number } | null>;
    };
    /**
     * Optional, for an unfiltered list (decision 081): its row count from a stored counter, and a
     * count of its rows under a condition (an index range). Then no statement counts the whole
     * list: a page number reads the key nearest to the end it is closer to, and a cursor's page
     * number counts the rows on the side of the cursor the client's `offset` says is the shorter
     * (exact either way: `offset` only picks the side).
     */
    counted?: {
      /** Called after the first page's read (which may carry the total: then no statement of its own). */
      total: () => Promise<number>;
      countWhere: (condition: SQL) => Promise<number>;
    };
  },
  tag = "",
): Promise<KeysetPage<T>> {
  const { limit } = request;
  if (query.counted) return countedPage(columns, request, query as typeof query & { counted: NonNullable<typeof query.counted> }, tag);
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
    const forward = query.forward;
    const [read, counted] = forward?.count
      ? await Promise.all([forward.read(after, limit + 1), forward.count(after)])
      : await Promise.all([query.read(condition, keyOrder(columns), limit + 1), query.count(condition)]);
    rows = read.slice(0, limit);
    total = counted.total;
    rowsBefore = condition ? (atOffset ? request.offset : total - counted.matching) : 0;
    hasPreviousPage = rowsBefore > 0;
    hasNextPage = read.length > limit;
  }
  return pageOf(rows, total, rowsBefore, hasPreviousPage, hasNextPage, tag);
}

/** A page's answer: its rows, where it stands in the list, and the cursors of its first and last rows. */
function pageOf<T extends { key: string[] }>(
  rows: T[],
  total: number,
  rowsBefore: number,
  hasPreviousPage: boolean,
  hasNextPage: boolean,
  tag: string,
): KeysetPage<T> {
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

/** keysetPage for a list with a stored total (`query.counted`): no statement counts the whole list. */
async function countedPage<T extends { key: string[] }>(
  columns: readonly KeyColumn[],
  request: PageRequest,
  query: Parameters<typeof keysetPage<T>>[2] & { counted: { total: () => Promise<number>; countWhere: (condition: SQL) => Promise<number> } },
  tag: string,
): Promise<KeysetPage<T>> {
  const { limit, offset } = request;
  const { total: readTotal, countWhere } = query.counted;
  const forwardRead = (after: string[] | null) =>
    query.forward ? query.forward.read(after, limit + 1) : query.read(after ? beyondKey(columns, after, true) : undefined, keyOrder(columns), limit + 1);
  let rows: T[];
  let total: number;
  let rowsBefore: number;
  let hasPreviousPage: boolean;
  let hasNextPage: boolean;
  if (request.before) {
    const before = request.before;
    total = await readTotal();
    // Rows before the `before` key: counted directly near the start, else as total − (the key's row and those after).
    const near = offset <= total / 2;
    const [read, counted] = await Promise.all([
      query.read(beyondKey(columns, before, false), keyOrder(columns, true), limit + 1),
      countWhere(beyondKey(columns, before, !near, !near)),
    ]);
    hasPreviousPage = read.length > limit;
    rows = read.slice(0, limit).reverse();
    rowsBefore = (near ? counted : total - counted) - rows.length;
    hasNextPage = rowsBefore + rows.length < total;
  } else if (request.after) {
    const after = request.after;
    total = await readTotal();
    // Rows before the page (the cursor's row and those before it): counted directly near the start, else as total − rows after.
    const near = offset <= total / 2;
    const [read, counted] = await Promise.all([forwardRead(after), countWhere(beyondKey(columns, after, !near, near))]);
    rows = read.slice(0, limit);
    rowsBefore = near ? counted : total - counted;
    hasPreviousPage = rowsBefore > 0;
    hasNextPage = read.length > limit;
  } else if (offset <= 0) {
    // The first page: read before the total, which the read may have brought along (one statement).
    const read = await forwardRead(null);
    total = await readTotal();
    rows = read.slice(0, limit);
    rowsBefore = 0;
    hasPreviousPage = false;
    hasNextPage = read.length > limit;
  } else {
    const found = query.forward?.pageAt ? await query.forward.pageAt(offset, limit + 1) : null;
    if (found) return pageOf(found.rows.slice(0, limit), found.total, offset, true, found.rows.length > limit, tag);
    total = await readTotal();
    if (query.forward?.pageAt)
      return { items: [], total, rowsBefore: offset, hasPreviousPage: total > 0, hasNextPage: false, startCursor: null, endCursor: null };
    // The key of the row just before the page, read from whichever end of the list is nearer.
    const after =
      offset - 1 < total / 2
        ? await query.keyAt(keyOrder(columns), offset - 1)
        : offset <= total
          ? await query.keyAt(keyOrder(columns, true), total - offset)
          : null;
    if (!after) return { items: [], total, rowsBefore: offset, hasPreviousPage: total > 0, hasNextPage: false, startCursor: null, endCursor: null };
    const read = await forwardRead(after);
    rows = read.slice(0, limit);
    rowsBefore = offset;
    hasPreviousPage = true;
    hasNextPage = read.length > limit;
  }
  return pageOf(rows, total, rowsBefore, hasPreviousPage, hasNextPage, tag);
}
