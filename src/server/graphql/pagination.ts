import type { OutputRef } from "@pothos/core";
import { z } from "zod";
import { type KeysetPage, decodeCursor } from "../db/keyset";
import { AppError } from "../errors";
import { builder } from "./builder";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const ZPage = z.object({
  page: z.number().int().min(1).max(100_000),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
});

/** Page arguments every paginated list takes: page (from 1) and pageSize (1–100, default 20). */
export const pageArgs = builder.args((t) => ({
  page: t.int({ required: false, defaultValue: 1, description: "Page number, from 1." }),
  pageSize: t.int({ required: false, defaultValue: DEFAULT_PAGE_SIZE, description: `Items per page, 1–${MAX_PAGE_SIZE}.` }),
}));

export function parsePage(args: { page?: number | null; pageSize?: number | null }) {
  const parsed = ZPage.safeParse({ page: args.page ?? 1, pageSize: args.pageSize ?? DEFAULT_PAGE_SIZE });
  if (!parsed.success) {
    throw new AppError("BAD_USER_INPUT", "api:invalidPage", { max: MAX_PAGE_SIZE });
  }
  const { page, pageSize } = parsed.data;
  return { page, pageSize, offset: (page - 1) * pageSize, limit: pageSize };
}

export type Page<T> = { items: T[]; totalCount: number; page: number; pageSize: number };

/** `<Name>Page { items, totalCount, page, pageSize }` for a node type. */
export function pageType<T>(name: string, itemRef: OutputRef<T>) {
  return builder.objectRef<Page<T>>(`${name}Page`).implement({
    fields: (t) => ({
      items: t.field({ type: [itemRef], resolve: (p) => p.items }),
      totalCount: t.exposeInt("totalCount"),
      page: t.exposeInt("page"),
      pageSize: t.exposeInt("pageSize"),
    }),
  });
}

/** Cursor arguments of a list paged by keyset (decision 062), with the page arguments. */
export const keysetArgs = {
  ...pageArgs,
  ...builder.args((t) => ({
    after: t.string({
      required: false,
      description: "The page after this row (`endCursor` of the page shown): stable while rows are added or removed before it. `page` is then computed.",
    }),
    before: t.string({ required: false, description: "The page before this row (`startCursor` of the page shown)." }),
  })),
};

/** The cursors of a keyset request, decoded (BAD_USER_INPUT, translated, for one that is not this list's). */
export function parseCursors(args: { after?: string | null; before?: string | null }, length: number, tag = "") {
  const invalid = () => new AppError("BAD_USER_INPUT", "api:invalidCursor");
  if (args.after && args.before) throw invalid();
  const decode = (cursor: string | null | undefined) => {
    if (!cursor) return null;
    const values = decodeCursor(cursor, length, tag);
    if (!values) throw invalid();
    return values;
  };
  return { after: decode(args.after), before: decode(args.before) };
}

export type KeysetPageResult<T> = Page<T> & { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null; endCursor: string | null };

/** A keyset page as the API gives it: `page` from the rows before it. */
export function keysetResult<T>(found: KeysetPage<T>, pageSize: number): KeysetPageResult<T> {
  return {
    items: found.items,
    totalCount: found.total,
    page: Math.floor(found.rowsBefore / pageSize) + 1,
    pageSize,
    hasPreviousPage: found.hasPreviousPage,
    hasNextPage: found.hasNextPage,
    startCursor: found.startCursor,
    endCursor: found.endCursor,
  };
}

/** `<Name>Page` with the cursors of a keyset list: `{ items, totalCount, page, pageSize, startCursor, endCursor, hasPreviousPage, hasNextPage }`. */
export function keysetPageType<T>(name: string, itemRef: OutputRef<T>) {
  return builder.objectRef<KeysetPageResult<T>>(`${name}Page`).implement({
    fields: (t) => ({
      items: t.field({ type: [itemRef], resolve: (p) => p.items }),
      totalCount: t.exposeInt("totalCount"),
      page: t.exposeInt("page", { description: "From 1; with a cursor, computed from the rows before this page." }),
      pageSize: t.exposeInt("pageSize"),
      startCursor: t.exposeString("startCursor", { nullable: true, description: "Pass as `before` for the previous page." }),
      endCursor: t.exposeString("endCursor", { nullable: true, description: "Pass as `after` for the next page." }),
      hasPreviousPage: t.exposeBoolean("hasPreviousPage"),
      hasNextPage: t.exposeBoolean("hasNextPage"),
    }),
  });
}
