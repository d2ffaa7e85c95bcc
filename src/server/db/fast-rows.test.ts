import * as drizzle from "drizzle-orm";
import { sql } from "drizzle-orm";
import { pgTable, text } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { factsColumns } from "../modules/quotes/quote-state.service";
import { QUOTE_LIST_KEY } from "../modules/quotes/quotes.service";
import { compileRowMapper } from "./fast-rows";
import { keyText } from "./keyset";
import { customers, quotes } from "./schema";

/** What drizzle's mapResultRow does with the row, or the error it throws. */
function outcome(map: () => unknown) {
  try {
    return { value: map() };
  } catch (error) {
    return { error: String(error) };
  }
}

// Drizzle's own functions (exported at runtime, internal in its types).
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  mapResultRow: (fields: never, row: unknown[], joins: Record<string, boolean> | undefined) => unknown;
  orderSelectedFields: (fields: Record<string, unknown>) => unknown;
};

// Values a driver hands over as text (PostgreSQL's text format: numbers, booleans, dates, JSON, …).
const driverValue = fc.constantFrom(null, "1", "0", "t", "f", "2026-01-02", "2026-01-02 03:04:05.123456+00", '{"a":1}', "[1,2]", "abc", "");

describe("compileRowMapper: the same objects as drizzle's mapResultRow", () => {
  it("for the quotes list's select (a quote, its left-joined customer, the key and the facts)", () => {
    const fields = orderSelectedFields({ quote: quotes, customer: customers, key: keyText(QUOTE_LIST_KEY), ...factsColumns }) as Parameters<
      typeof compileRowMapper
    >[0];
    const joins = { quotes: true, customers: false };
    const map = compileRowMapper(fields, joins);
    fc.assert(
      fc.property(fc.array(driverValue, { minLength: fields.length, maxLength: fields.length }), fc.boolean(), (row, noCustomer) => {
        const first = fields.findIndex((f) => f.path[0] === "customer");
        // A customer that matched nothing: its columns all null (the left join), or only the first.
        if (noCustomer) for (const [i, f] of fields.entries()) if (f.path[0] === "customer" && (i === first || row[i] === "abc")) row[i] = null;
        const expected = outcome(() => mapResultRow(fields as never, row, joins));
        const actual = outcome(() => map(row));
        expect(actual).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("without joins, with nested paths of SQL fields, and with a nested object of columns from two tables", () => {
    const a = pgTable("a", { id: text("id"), name: text("name") });
    const b = pgTable("b", { id: text("id") });
    const fields = orderSelectedFields({
      top: sql<string>`1`,
      mixed: { aId: a.id, bId: b.id },
      deep: { inner: { value: sql<number>`2`.mapWith(Number) } },
      only: a,
    }) as Parameters<typeof compileRowMapper>[0];
    for (const joins of [undefined, { a: true, b: false }, { a: false, b: false }]) {
      const map = compileRowMapper(fields, joins);
      fc.assert(
        fc.property(fc.array(fc.constantFrom(null, "1", "x"), { minLength: fields.length, maxLength: fields.length }), (row) => {
          expect(outcome(() => map(row))).toEqual(outcome(() => mapResultRow(fields as never, row, joins)));
        }),
        { numRuns: 100 },
      );
    }
  });
});
