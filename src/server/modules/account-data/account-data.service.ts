import { centsToString } from "../../../shared/totals";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import type { Database, Executor } from "../../db/client";
import {
  accountDailyPayments,
  accountDailyStats,
  accountInvitations,
  accountUsers,
  accounts,
  billingInvoices,
  customers,
  emailLinkTokens,
  quoteBlockStats,
  quoteBlocks,
  quoteConversationEntries,
  quoteDailyStats,
  quotePdfs,
  quoteLineItems,
  quoteReminders,
  quotes,
  templateBlocks,
  templateLineItems,
  domainEvents,
  quoteAuditEvents,
  customDomains,
  docusignEnvelopes,
  quoteInvoices,
  quotePayments,
  quoteSubscriptionPayments,
  quoteSubscriptions,
  quoteSignatures,
  quoteVersions,
  quoteTimeEntries,
  quoteViews,
  templateSignatures,
  users,
  webhookDeliveries,
  apiKeys,
} from "../../db/schema";
import { documentImageKeys, imageFileArea } from "../../../shared/rich-text";
import { AppError, notFound } from "../../errors";
import { deleteFilesJob } from "../../jobs/delete-files";
import { enqueue } from "../../jobs/queue";
import { countOwnedAccounts } from "../team/team.service";
import { exportWebhookEndpoints } from "../webhooks/webhooks.service";

/**
 * One part of an account's export: a name, its rows (JSON), and optionally the columns of a CSV
 * twin. A new account-scoped table is one more entry in EXPORT_SECTIONS.
 */
export type ExportSection = {
  name: string;
  rows: (db: Executor, accountId: string) => Promise<Record<string, unknown>[]>;
  csv?: readonly string[];
};

async function quotesWithBlocks(db: Executor, accountId: string) {
  const quoteRows = await db.select().from(quotes).where(eq(quotes.accountId, accountId)).orderBy(asc(quotes.quoteNumber));
  const ids = quoteRows.map((q) => q.id);
  const blocks = ids.length ? await db.select().from(quoteBlocks).where(inArray(quoteBlocks.quoteId, ids)).orderBy(asc(quoteBlocks.position)) : [];
  const blockIds = blocks.map((b) => b.id);
  const items = blockIds.length
    ? await db.select().from(quoteLineItems).where(inArray(quoteLineItems.blockId, blockIds)).orderBy(asc(quoteLineItems.position))
    : [];
  return quoteRows.map(({ accountId: _a, ...q }) => ({
    ...q,
    blocks: blocks
      .filter((b) => b.quoteId === q.id)
      .map(({ quoteId: _q, ...b }) => ({ ...b, lineItems: items.filter((i) => i.blockId === b.id).map(({ blockId: _b, ...i }) => i) })),
  }));
}

async function templatesWithLines(db: Executor, accountId: string) {
  const blocks = await db.select().from(templateBlocks).where(eq(templateBlocks.accountId, accountId)).orderBy(asc(templateBlocks.name));
  const items = await db.select().from(templateLineItems).where(eq(templateLineItems.accountId, accountId)).orderBy(asc(templateLineItems.position));
  return blocks.map(({ accountId: _a, ...b }) => ({
    ...b,
    lineItems: items.filter((i) => i.blockId === b.id).map(({ accountId: _ia, blockId: _b, ...i }) => i),
  }));
}

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    name: "account",
    rows: async (db, accountId) => (await db.select().from(accounts).where(eq(accounts.id, accountId))).map(({ logoFileKey: _k, ...a }) => a),
  },
  {
    name: "team",
    rows: (db, accountId) =>
      db
        .select({ email: users.email, name: users.name, role: accountUsers.role, joinedAt: accountUsers.createdAt })
        .from(accountUsers)
        .innerJoin(users, eq(users.id, accountUsers.userId))
        .where(eq(accountUsers.accountId, accountId))
        .orderBy(asc(accountUsers.createdAt)),
  },
  {
    name: "customers",
    rows: async (db, accountId) =>
      // quote_search_text is the database's lower-cased copy for the quotes search (decision 081), not data.
      (await db.select().from(customers).where(eq(customers.accountId, accountId)).orderBy(asc(customers.name))).map(
        ({ accountId: _a, quoteSearchText: _s, ...c }) => c,
      ),
    csv: ["id", "name", "companyName", "contactPerson", "email", "phone", "content", "createdAt", "updatedAt"],
  },
  {
    name: "templates",
    rows: templatesWithLines,
  },
  {
    name: "signatures",
    // Typed signatures carry their text; drawn ones the stored file's key (the image is at /files/<key>).
    rows: async (db, accountId) =>
      (await db.select().from(templateSignatures).where(eq(templateSignatures.accountId, accountId)).orderBy(asc(templateSignatures.createdAt))).map(
        ({ accountId: _a, ...s }) => s,
      ),
  },
  {
    name: "invoices",
    rows: async (db, accountId) =>
      (await db.select().from(billingInvoices).where(eq(billingInvoices.accountId, accountId)).orderBy(asc(billingInvoices.issuedAt))).map(
        ({ accountId: _a, ...i }) => i,
      ),
  },
  {
    // Issue 14: questions and answers, declines, sends and reminders of the account's quotes.
    name: "conversation",
    rows: async (db, accountId) =>
      (
        await db
          .select()
          .from(quoteConversationEntries)
          .where(eq(quoteConversationEntries.accountId, accountId))
          .orderBy(asc(quoteConversationEntries.createdAt))
      ).map(({ accountId: _a, ...e }) => e),
  },
  {
    // Issue 23: webhook endpoints (never their secrets) and the delivery log (30 days).
    name: "webhook-endpoints",
    rows: exportWebhookEndpoints,
  },
  {
    // Issue 23 (decision 050): the account's API keys as the Developers screen lists them — never their hash.
    name: "api-keys",
    rows: (db, accountId) =>
      db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          role: apiKeys.role,
          prefix: apiKeys.prefix,
          createdByUserId: apiKeys.createdByUserId,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
          expiresAt: apiKeys.expiresAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.accountId, accountId))
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id)),
  },
  {
    // Issue 25 (decision 060): the account's custom domain and the state of its DNS records.
    name: "custom-domain",
    rows: async (db, accountId) =>
      (await db.select().from(customDomains).where(eq(customDomains.accountId, accountId)).orderBy(asc(customDomains.createdAt))).map(
        ({ accountId: _a, ...d }) => d,
      ),
  },
  {
    // Issue 25 (decision 059): quotes sent with DocuSign (the envelopes; the stored documents are files).
    name: "docusign-envelopes",
    rows: async (db, accountId) =>
      (await db.select().from(docusignEnvelopes).where(eq(docusignEnvelopes.accountId, accountId)).orderBy(asc(docusignEnvelopes.createdAt))).map(
        ({ accountId: _a, ...e }) => e,
      ),
  },
  {
    name: "webhook-deliveries",
    rows: async (db, accountId) =>
      (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, accountId)).orderBy(asc(webhookDeliveries.createdAt))).map(
        ({ accountId: _a, jobId: _j, ...d }) => d,
      ),
  },
  {
    name: "quoteReminders",
    rows: async (db, accountId) =>
      (await db.select().from(quoteReminders).where(eq(quoteReminders.accountId, accountId)).orderBy(asc(quoteReminders.quoteId))).map(
        ({ accountId: _a, ...r }) => r,
      ),
  },
  {
    name: "quotes",
    rows: quotesWithBlocks,
    csv: [
      "id",
      "quoteNumber",
      "name",
      "status",
      "customerId",
      "language",
      "currency",
      "quoteDateAt",
      "quoteExpirationAt",
      "signable",
      "createdAt",
      "updatedAt",
    ],
  },
  {
    name: "quote-signatures",
    // Signatures placed on quotes with their evidence (decision 024); drawn ones: the file's key.
    rows: async (db, accountId) =>
      (await db.select().from(quoteSignatures).where(eq(quoteSignatures.accountId, accountId)).orderBy(asc(quoteSignatures.createdAt))).map(
        ({ accountId: _a, ...s }) => s,
      ),
  },
  {
    name: "quote-payments",
    // The customers' payments of quotes on the owner's Mollie account (decision 058), one row per attempt.
    rows: async (db, accountId) =>
      (await db.select().from(quotePayments).where(eq(quotePayments.accountId, accountId)).orderBy(asc(quotePayments.createdAt))).map(
        ({ accountId: _a, amountCents, ...p }) => ({ ...p, amount: centsToString(amountCents) }),
      ),
  },
  {
    name: "quote-invoices",
    // The deposit invoices of paid payments (issue 26): seller, buyer, VAT per rate, as issued.
    rows: async (db, accountId) =>
      (await db.select().from(quoteInvoices).where(eq(quoteInvoices.accountId, accountId)).orderBy(asc(quoteInvoices.issuedAt))).map(
        ({ accountId: _a, totalCents, ...i }) => ({ ...i, total: centsToString(totalCents) }),
      ),
  },
  {
    name: "quote-subscriptions",
    // The subscriptions customers' first payments started on the owner's Mollie account (decision 061).
    rows: async (db, accountId) =>
      (await db.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.accountId, accountId)).orderBy(asc(quoteSubscriptions.createdAt))).map(
        ({ accountId: _a, amountCents, paidCents, ...s }) => ({ ...s, amount: centsToString(amountCents), paid: centsToString(paidCents) }),
      ),
  },
  {
    name: "quote-subscription-payments",
    // The payments Mollie made for those subscriptions, one row per payment.
    rows: async (db, accountId) =>
      (
        await db
          .select()
          .from(quoteSubscriptionPayments)
          .where(eq(quoteSubscriptionPayments.accountId, accountId))
          .orderBy(asc(quoteSubscriptionPayments.createdAt))
      ).map(({ accountId: _a, amountCents, ...p }) => ({ ...p, amount: centsToString(amountCents) })),
  },
  {
    name: "quote-pdfs",
    // The sealed PDFs made of the account's quotes (decision 025): the stored file's key per state.
    rows: async (db, accountId) =>
      (await db.select().from(quotePdfs).where(eq(quotePdfs.accountId, accountId)).orderBy(asc(quotePdfs.createdAt))).map(({ accountId: _a, ...p }) => p),
  },
  {
    name: "quote-versions",
    // Every published version of the account's quotes, frozen as the customer saw it (decision 032).
    rows: async (db, accountId) =>
      (await db.select().from(quoteVersions).where(eq(quoteVersions.accountId, accountId)).orderBy(asc(quoteVersions.quoteId), asc(quoteVersions.number))).map(
        ({ accountId: _a, ...v }) => v,
      ),
  },
  {
    name: "quote-audit-events",
    rows: async (db, accountId) =>
      (await db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.accountId, accountId)).orderBy(asc(quoteAuditEvents.seq))).map(
        ({ accountId: _a, ...e }) => e,
      ),
  },
  {
    name: "events",
    // The domain events (issue 23, decision 046): what happened to the account's quotes and customers, as webhooks deliver it.
    rows: async (db, accountId) =>
      (await db.select().from(domainEvents).where(eq(domainEvents.accountId, accountId)).orderBy(asc(domainEvents.occurredAt), asc(domainEvents.id))).map(
        ({ accountId: _a, ...e }) => e,
      ),
  },
  // Issue 15 (decision 026): views of the account's public quotes and their reading time, raw (the
  // last 13 months) and as the daily totals the dashboard shows. The visitor hash is left out: it
  // identifies nobody without the deleted daily salt, and means nothing outside Offerly.
  {
    name: "statistics-views",
    rows: (db, accountId) =>
      db
        .select({
          id: quoteViews.id,
          quoteId: quoteViews.quoteId,
          day: quoteViews.day,
          startedAt: quoteViews.startedAt,
          lastSeenAt: quoteViews.lastSeenAt,
          trackedSeconds: quoteViews.trackedSeconds,
        })
        .from(quoteViews)
        .where(eq(quoteViews.accountId, accountId))
        .orderBy(asc(quoteViews.startedAt), asc(quoteViews.id)),
    csv: ["id", "quoteId", "day", "startedAt", "lastSeenAt", "trackedSeconds"],
  },
  {
    name: "statistics-time-entries",
    // Through the account's views (by index): a time entry is always of a view.
    rows: (db, accountId) =>
      db
        .select({
          id: quoteTimeEntries.id,
          viewId: quoteTimeEntries.viewId,
          quoteId: quoteTimeEntries.quoteId,
          insertedAt: quoteTimeEntries.insertedAt,
          seconds: quoteTimeEntries.seconds,
          blockSeconds: quoteTimeEntries.blockSeconds,
        })
        .from(quoteViews)
        .innerJoin(quoteTimeEntries, eq(quoteTimeEntries.viewId, quoteViews.id))
        .where(eq(quoteViews.accountId, accountId))
        .orderBy(asc(quoteTimeEntries.insertedAt), asc(quoteTimeEntries.id)),
  },
  {
    name: "statistics-daily",
    rows: async (db, accountId) =>
      (await db.select().from(accountDailyStats).where(eq(accountDailyStats.accountId, accountId)).orderBy(asc(accountDailyStats.day))).map(
        ({ accountId: _a, ...d }) => d,
      ),
    csv: ["day", "views", "seconds", "quotesPublished", "quotesSigned"],
  },
  {
    // Issue 26: customers' payments received per local day and currency (amounts exact, in cents).
    name: "statistics-payments-daily",
    rows: async (db, accountId) =>
      (
        await db
          .select()
          .from(accountDailyPayments)
          .where(eq(accountDailyPayments.accountId, accountId))
          .orderBy(asc(accountDailyPayments.day), asc(accountDailyPayments.currency))
      ).map(({ accountId: _a, amountCents, ...d }) => ({ ...d, amountCents: amountCents.toString() })),
    csv: ["day", "currency", "payments", "amountCents"],
  },
  {
    name: "statistics-daily-per-quote",
    rows: async (db, accountId) =>
      (
        await db.select().from(quoteDailyStats).where(eq(quoteDailyStats.accountId, accountId)).orderBy(asc(quoteDailyStats.day), asc(quoteDailyStats.quoteId))
      ).map(({ accountId: _a, ...d }) => d),
    csv: ["quoteId", "day", "views", "seconds"],
  },
  {
    name: "statistics-blocks",
    rows: (db, accountId) =>
      db
        .select({ quoteId: quoteBlockStats.quoteId, blockId: quoteBlockStats.blockId, seconds: quoteBlockStats.seconds })
        .from(quoteBlockStats)
        .innerJoin(quotes, eq(quotes.id, quoteBlockStats.quoteId))
        .where(eq(quotes.accountId, accountId))
        .orderBy(asc(quoteBlockStats.quoteId), asc(quoteBlockStats.blockId)),
  },
];

/** One CSV field (RFC 4180), with formula-looking text defused for spreadsheets. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: Record<string, unknown>[]): string {
  const lines = [columns.join(","), ...rows.map((row) => columns.map((c) => csvField(row[c])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/** The account's data as a zip: one JSON file per section, a CSV beside it where declared. */
export async function exportAccountData(db: Database, accountId: string): Promise<{ zip: Uint8Array; accountName: string }> {
  // One snapshot: every section reads the same committed state.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const files: Record<string, Uint8Array> = {};
    let accountName = "";
    for (const section of EXPORT_SECTIONS) {
      const rows = await section.rows(tx, accountId);
      if (section.name === "account") {
        if (!rows.length) throw notFound();
        accountName = String(rows[0].name);
      }
      files[`${section.name}.json`] = strToU8(`${JSON.stringify(rows, null, 2)}\n`);
      if (section.csv) files[`${section.name}.csv`] = strToU8(toCsv(section.csv, rows));
    }
    files["README.txt"] = strToU8(
      `Offerly export of "${accountName}", ${new Date().toISOString()}.\nOne JSON file per part; customers, quotes and statistics also as CSV (quotes.json holds the blocks and line items).\nAmounts are in cents (priceCents); reading time in seconds. Raw statistics (views, time entries) are kept 13 months; the daily totals for as long as the quote exists.\n`,
    );
    return { zip: zipSync(files, { level: 6 }), accountName };
  });
}

/**
 * Deletes an account and everything in it (customers, quotes, team, invitations: foreign keys
 * cascade), in one transaction, after the owner typed its name. Its files are removed by a job
 * queued in the same transaction, so they go exactly when the rows went.
 */
export async function deleteAccount(db: Database, accountId: string, confirmName: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ name: accounts.name, logoFileKey: accounts.logoFileKey })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    if (!account) throw notFound();
    if (account.name.trim() !== confirmName.trim()) {
      throw new AppError("BAD_USER_INPUT", "team:errors.confirmNameMismatch", {}, { confirmName: { key: "team:errors.confirmNameMismatch" } });
    }
    // Drawn signatures are files too (their `signature` is the stored file's key).
    const drawn = await tx
      .select({ key: templateSignatures.signature })
      .from(templateSignatures)
      .where(and(eq(templateSignatures.accountId, accountId), eq(templateSignatures.kind, "DRAWN")));
    // Drawn signatures placed on quotes (decision 024): their rows go with the account (the
    // append-only guard lets a cascade from the account through), their files with this job.
    const placed = await tx
      .select({ key: quoteSignatures.signature })
      .from(quoteSignatures)
      .where(and(eq(quoteSignatures.accountId, accountId), eq(quoteSignatures.signatureKind, "DRAWN")));
    const images = await richTextImageKeys(tx, accountId);
    // The quotes' sealed PDFs (decision 025), stored through the files adapter.
    const pdfs = await tx.select({ key: quotePdfs.fileKey }).from(quotePdfs).where(eq(quotePdfs.accountId, accountId));
    await tx.delete(accounts).where(eq(accounts.id, accountId));
    const keys = [account.logoFileKey, ...drawn.map((d) => d.key), ...placed.map((d) => d.key), ...images, ...pdfs.map((p) => p.key)].filter(
      (k): k is string => !!k,
    );
    // One job per 1000 files (the job's payload limit).
    for (let i = 0; i < keys.length; i += 1000) await enqueue(tx, deleteFilesJob, { keys: keys.slice(i, i + 1000) });
    return true;
  });
}

/** Deletes the signed-in user (sessions, memberships, sign-in links) when they own no account. */
export async function deleteUser(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw notFound();
    if ((await countOwnedAccounts(tx, userId)) > 0) throw new AppError("CONFLICT", "team:errors.ownsAccounts");
    await tx.delete(emailLinkTokens).where(eq(emailLinkTokens.email, user.email));
    await tx.delete(accountInvitations).where(eq(accountInvitations.email, user.email));
    await tx.delete(users).where(eq(users.id, userId));
    return true;
  });
}

/**
 * The account's images in rich text (decision 028): the keys in its quote and template blocks'
 * documents that lie in its own files area (another account's can never be stored there).
 */
async function richTextImageKeys(tx: Executor, accountId: string): Promise<string[]> {
  const area = `${imageFileArea(accountId)}/`;
  const [quoteDocs, templateDocs] = [
    await tx
      .select({ content: quoteBlocks.content })
      .from(quoteBlocks)
      .innerJoin(quotes, eq(quotes.id, quoteBlocks.quoteId))
      .where(and(eq(quotes.accountId, accountId), sql`${quoteBlocks.content}::text like '%"image"%'`)),
    await tx
      .select({ content: templateBlocks.content })
      .from(templateBlocks)
      .where(and(eq(templateBlocks.accountId, accountId), sql`${templateBlocks.content}::text like '%"image"%'`)),
  ];
  const keys = new Set<string>();
  for (const { content } of [...quoteDocs, ...templateDocs]) for (const key of documentImageKeys(content)) if (key.startsWith(area)) keys.add(key);
  return [...keys];
}
