import type { OutputRef } from "@pothos/core";
import { z } from "zod";
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
