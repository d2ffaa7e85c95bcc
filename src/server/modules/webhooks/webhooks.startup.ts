import { sql } from "drizzle-orm";
import type { WebhookConfig } from "../../config";
import { type Executor, queryRows } from "../../db/client";
import { keyIdOf, webhookKey } from "./webhooks.crypto";

/**
 * The start-up check of the webhook key (decision 048). Returns a message that stops the start, or
 * null. Production on PostgreSQL without WEBHOOK_SECRET_KEY starts while no endpoint exists (setting
 * one up is refused with a message), and stops once endpoints exist (their secrets could not be
 * used). A key that is not the one the stored secrets were encrypted with stops the start too.
 */
export async function webhookKeyProblem(db: Executor, config: WebhookConfig): Promise<{ fatal: string | null; warning: string | null }> {
  const key = webhookKey(config);
  const [stored] = await queryRows<{ secret: string }>(db, sql`select secret_encrypted as secret from webhook_endpoints limit 1`);
  if (!key) {
    return stored
      ? {
          fatal: "WEBHOOK_SECRET_KEY: is required (production on PostgreSQL) and webhook endpoints exist: their secrets cannot be used without it.",
          warning: null,
        }
      : { fatal: null, warning: "WEBHOOK_SECRET_KEY is not set: webhook endpoints cannot be set up on this server until it is." };
  }
  const storedKeyId = stored?.secret.split(".")[1];
  if (storedKeyId && storedKeyId !== keyIdOf(key)) {
    return {
      fatal: `WEBHOOK_SECRET_KEY: is not the key the stored webhook secrets were encrypted with (their key id is ${storedKeyId}, this key's is ${keyIdOf(key)}).`,
      warning: null,
    };
  }
  return { fatal: null, warning: null };
}
