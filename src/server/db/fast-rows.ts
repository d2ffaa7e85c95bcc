import { Column, SQL, Subquery, getTableName, is } from "drizzle-orm";

/**
 * Drizzle maps every row of a select with `mapResultRow`, which works out each column's decoder
 * (three to four `is()` checks, each walking a class chain) and walks its path again for every row
 * of every request: for a page of 20 quotes with their customers (≈ 80 columns a row) that was
 * ≈ 7 % of the request's CPU time (decision 069). `withFastRows` gives a prepared select a mapper
 * that works all of this out once, when the statement is prepared, and then only copies and
 * decodes values — the same objects as `mapResultRow` (tests/unit/fast-rows.test.ts compares them),
 * left-joined tables that matched nothing included (`null`, decided as drizzle decides it: by the
 * object's first column).
 */
type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Field = { path: string[]; field: unknown };
type PreparedInternals = {
  fields?: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // `decoder` is internal to drizzle's SQL (what mapResultRow reads).
  const decoderOfSql = (value: unknown) => (value as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/** A row mapper equivalent to drizzle's `mapResultRow(fields, row, joinsNotNullableMap)`, worked out once. */
export function compileRowMapper(fields: Field[], joinsNotNullableMap: Record<string, boolean> | undefined): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }) => ({ path, decoder: decoderOf(field), nested: path.length > 1 }));
  // Drizzle's rule for a nested object of columns (path of two): it is null when its first column is
  // null, all its columns come from one table, and that table may be missing (left join).
  const nullable: { name: string; index: number }[] = [];
  if (joinsNotNullableMap) {
    const seen = new Map<string, { index: number; table: string | false }>();
    for (const [index, { path, field }] of fields.entries()) {
      if (!is(field, Column) || path.length !== 2) continue;
      const table = getTableName(field.table);
      const entry = seen.get(path[0]);
      if (!entry) seen.set(path[0], { index, table });
      else if (entry.table !== false && entry.table !== table) entry.table = false;
    }
    for (const [name, { index, table }] of seen) if (table !== false && !joinsNotNullableMap[table]) nullable.push({ name, index });
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const { path, decoder, nested } = columns[i];
      const raw = row[i];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      if (!nested) {
        result[path[0]] = value;
        continue;
      }
      let node = result;
      for (let p = 0; p < path.length - 1; p++) {
        const chunk = path[p];
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      node[path[path.length - 1]] = value;
    }
    for (const { name, index } of nullable) {
      const first = columns[index];
      if ((first.path.length === 2 ? (result[first.path[0]] as Record<string, unknown>)[first.path[1]] : undefined) === null) result[name] = null;
    }
    return result;
  };
}

/** The prepared select, its rows mapped by `compileRowMapper` (same results, less work a row). */
export function withFastRows<T>(prepared: T): T {
  const internals = prepared as unknown as PreparedInternals;
  if (!internals.fields || internals.customResultMapper) return prepared;
  const map = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  internals.customResultMapper = (rows) => rows.map(map);
  return prepared;
}
