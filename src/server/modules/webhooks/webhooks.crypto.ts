/**
 * Webhook signing secrets (decision 048): generated, encrypted at rest with the server's key
 * (AES-256-GCM), and used to sign deliveries the Standard Webhooks way. The secrets are encrypted,
 * not hashed like sign-in tokens and API keys: the server must use the secret itself to sign
 * every delivery (and show it on "Reveal"), and a hash cannot be used to sign.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { WEBHOOK_SECRET_PREFIX } from "../../../shared/events";
import type { WebhookConfig } from "../../config";

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes (what receivers' libraries expect). */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + crypto.randomBytes(32).toString("base64");
}

/** The secret's bytes: the HMAC key (the part after `whsec_`, base64-decoded). */
export function secretBytes(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error("Not a webhook secret");
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
}

/**
 * The `webhook-signature` value of one secret: `v1,` + base64 HMAC-SHA256 of
 * `${webhookId}.${timestamp}.${body}` (timestamp in whole seconds, the `webhook-timestamp` header).
 */
export function signWebhook(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const mac = crypto.createHmac("sha256", secretBytes(secret)).update(`${webhookId}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The header with every secret's signature, space-separated (the new one first during a rotation). */
export function signatureHeader(secrets: readonly string[], webhookId: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => signWebhook(secret, webhookId, timestampSeconds, body)).join(" ");
}

// ---- Encryption at rest -------------------------------------------------------------------------

const FORMAT = "v1";
/** A short fingerprint of a key (in each ciphertext, so a wrong key is named at start-up). */
export const keyIdOf = (key: Buffer) => crypto.createHash("sha256").update(key).digest("hex").slice(0, 8);

/**
 * Encrypts a secret for one endpoint: `v1.<key id>.<base64(iv ‖ tag ‖ ciphertext)>`. The endpoint's
 * id is the additional authenticated data, so a ciphertext copied to another endpoint (another
 * account's) does not decrypt. The key id says which key a value needs (a wrong key is named, not
 * reported as tampering).
 */
export function encryptSecret(key: Buffer, endpointId: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`webhook-endpoint:${endpointId}`));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${FORMAT}.${keyIdOf(key)}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64")}`;
}

export class WebhookKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookKeyError";
  }
}

export function decryptSecret(key: Buffer, endpointId: string, stored: string): string {
  const [format, kid, data] = stored.split(".");
  if (format !== FORMAT || !kid || !data) throw new WebhookKeyError("Unknown webhook secret format");
  if (kid !== keyIdOf(key)) {
    throw new WebhookKeyError(`This webhook secret was encrypted with another key (key id ${kid}; WEBHOOK_SECRET_KEY has ${keyIdOf(key)})`);
  }
  const bytes = Buffer.from(data, "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(`webhook-endpoint:${endpointId}`));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

const fileKeys = new Map<string, Buffer>();

/**
 * The key that encrypts endpoint secrets: WEBHOOK_SECRET_KEY, else the key file in the data folder
 * (made on first use, mode 0600, kept for later starts), else null (production on PostgreSQL
 * without a configured key: webhooks cannot be set up; see checkWebhookKeyAtStart).
 */
export function webhookKey(config: WebhookConfig): Buffer | null {
  if (config.secretKey) return config.secretKey;
  if (!config.keyFile) return null;
  const cached = fileKeys.get(config.keyFile);
  if (cached) return cached;
  const key = readOrCreateKeyFile(config.keyFile);
  fileKeys.set(config.keyFile, key);
  return key;
}

function readOrCreateKeyFile(file: string): Buffer {
  const read = () => {
    const text = fs.readFileSync(file, "utf8").trim();
    const key = Buffer.from(text, "base64");
    if (key.length !== 32) throw new WebhookKeyError(`${file} does not hold a 32-byte key in base64`);
    return key;
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": two processes starting at once cannot both write one; the loser reads the winner's.
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return read();
}

/** The key, or the error a caller turns into "webhooks are not configured on this server". */
export function requireWebhookKey(config: WebhookConfig): Buffer {
  const key = webhookKey(config);
  if (!key) throw new WebhookKeyError("WEBHOOK_SECRET_KEY is not set: webhook secrets cannot be encrypted or used");
  return key;
}
