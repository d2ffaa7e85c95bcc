import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SIGNATURE_KINDS } from "../../../shared/enums";
import { accounts } from "./identity";
import { blockColumns, discountCheck, lineItemColumns, vatCheck } from "./quotes";

/**
 * Reusable blocks of an account (SPEC §2 "text templates and pricing templates"): the same columns
 * as quote blocks (one block implementation, see modules/blocks), owned by the account instead of
 * a quote. Line items point at their block with a composite key (account_id, block_id), so a line
 * can only belong to a block of its own account.
 */
export const templateBlocks = pgTable(
  "template_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    ...blockColumns(),
  },
  (t) => [
    // Target of template_line_items' composite foreign key.
    unique("template_blocks_account_id_id_key").on(t.accountId, t.id),
    index("template_blocks_account_updated_idx").on(t.accountId, t.updatedAt),
    check("template_blocks_kind_check", sql`${t.kind} in ('TEXT', 'PRICING')`),
    check(
      "template_blocks_pricing_unit_check",
      sql`(${t.kind} = 'TEXT' and ${t.pricingUnit} is null) or (${t.kind} = 'PRICING' and ${t.pricingUnit} in ('DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'ITEMS', 'NONE'))`,
    ),
    check("template_blocks_discount_check", discountCheck(t)),
    check("template_blocks_name_length_check", sql`length(${t.name}) between 1 and 200`),
  ],
);

export const templateLineItems = pgTable(
  "template_line_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").notNull(),
    blockId: uuid("block_id").notNull(),
    ...lineItemColumns(),
  },
  (t) => [
    foreignKey({
      name: "template_line_items_account_block_fk",
      columns: [t.accountId, t.blockId],
      foreignColumns: [templateBlocks.accountId, templateBlocks.id],
    }).onDelete("cascade"),
    index("template_line_items_block_position_idx").on(t.blockId, t.position),
    check("template_line_items_discount_check", discountCheck(t)),
    check("template_line_items_vat_check", vatCheck(t)),
  ],
);

/**
 * Signature templates (SPEC §3): a typed name or a drawn PNG (stored through the files adapter;
 * `signature` holds the text or the file's key). At most one default per account.
 */
export const templateSignatures = pgTable(
  "template_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: SIGNATURE_KINDS }).notNull(),
    signature: text("signature").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("template_signatures_account_created_idx").on(t.accountId, t.createdAt),
    uniqueIndex("template_signatures_one_default_key").on(t.accountId).where(sql`${t.isDefault}`),
    check("template_signatures_kind_check", sql`${t.kind} in ('DRAWN', 'TYPED')`),
    check("template_signatures_name_length_check", sql`length(${t.name}) between 1 and 100`),
  ],
);
