import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * All configuration is read here, once, from the environment. A bad value stops start-up with a
 * message that names the variable. Nothing else in the server reads process.env.
 */

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** An in-process cache's bound in bytes (0 switches it off). */
const cacheBytes = (fallback: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(fallback));

const ZEnv = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL, e.g. https://offerly.example" }).optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./.data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
  ),
  // A streaming replica of DATABASE_URL for reads that tolerate a little lag (decision 036).
  DATABASE_READ_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection URL of a streaming replica of DATABASE_URL")
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(10)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587")
      .optional(),
  ),
  // In production without SMTP_URL, e-mails (sign-in links) would land in a folder on the server:
  // allowed only when asked for explicitly.
  MAIL_OUTBOX: z.preprocess(emptyToUndefined, z.enum(["0", "1"], { message: "must be 1 (keep e-mails in DATA_DIR/mail) or 0" }).default("0")),
  // Other origins allowed to call /graphql from a browser (CORS), comma-separated. None by default.
  CORS_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^https?:\/\/[^/?#\s*]+$/,
              "must be a comma-separated list of origins, e.g. https://app.example,https://admin.example (scheme and host, no path, no wildcard)",
            )
            .refine((value) => URL.canParse(value), "must be a comma-separated list of valid origins"),
        ),
      )
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Offerly <no-reply@offerly.local>")),
  CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().default("hello@offerly.local")),
  // Google sign-in (OpenID Connect). The button shows only when the client id and secret are set.
  OIDC_GOOGLE_CLIENT_ID: optionalString,
  OIDC_GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_GOOGLE_ISSUER: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: "must be the issuer URL, e.g. https://accounts.google.com" }).default("https://accounts.google.com"),
  ),
  // Public analytics configuration: safe to expose to the browser (prefixed PUBLIC_).
  PUBLIC_ANALYTICS_API_KEY: optionalString,
  PUBLIC_ANALYTICS_APP_ID: optionalString,
  PUBLIC_ANALYTICS_AUTH_DOMAIN: optionalString,
  PUBLIC_ANALYTICS_PROJECT_ID: optionalString,
  PUBLIC_ANALYTICS_MEASUREMENT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")
      .optional(),
  ),
  // Files: S3-compatible object storage when S3_BUCKET is set, else a folder under DATA_DIR/files.
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)")
      .optional(),
  ),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: "must be the storage's http(s) URL, e.g. https://s3.eu-central-1.amazonaws.com" }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
  // Background jobs: whether this process runs the worker, and how many jobs at once.
  JOBS_WORKER: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
  JOBS_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(2)),
  // The PDF worker thread warmed up a few seconds after listening (decision 070), in a process that
  // runs the jobs: the first quote PDF after a start is then a warm one. `false`: on first use.
  PDF_WARM_UP: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
  // The public page's rendered quote documents kept in memory (decision 088): the bound in bytes; 0 switches it off.
  QUOTE_FRAGMENT_CACHE_BYTES: cacheBytes(16 * 1024 * 1024),
  // The public page's read models kept in memory under their page stamp (decision 095): the bound in bytes; 0 switches it off.
  PUBLIC_READ_CACHE_BYTES: cacheBytes(16 * 1024 * 1024),
  // Webhook and integration deliveries: a worker of their own (mostly waiting on the receiver), so a
  // burst of events neither waits behind PDFs and e-mails nor holds them up.
  WEBHOOK_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(8)),
  // Payments: Mollie when MOLLIE_API_KEY is set, else the development provider (local checkout page).
  MOLLIE_API_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(live|test)_\w{10,}$/, "must be a Mollie API key (live_… or test_…)")
      .optional(),
  ),
  MOLLIE_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https$/, message: "must be an https URL ending in /v2/ (default https://api.mollie.com/v2/)" }).default("https://api.mollie.com/v2/"),
  ),
  // The seller printed on Offerly's invoices.
  SELLER_NAME: z.preprocess(emptyToUndefined, z.string().max(200).default("Offerly B.V.")),
  SELLER_ADDRESS: z.preprocess(emptyToUndefined, z.string().max(500).default("Keizersgracht 1, 1015 AA Amsterdam, Netherlands")),
  SELLER_VAT_NUMBER: z.preprocess(emptyToUndefined, z.string().max(30).default("NL000000000B01")),
  SELLER_COC_NUMBER: z.preprocess(emptyToUndefined, z.string().max(30).default("00000000")),
  // The certificate that seals quote PDFs: a PKCS#12 (.p12/.pfx) file's path, or its bytes in
  // base64, and its passphrase. Without it the server generates a self-signed one (kept in the database).
  PDF_SEAL_P12: optionalString,
  PDF_SEAL_PASSPHRASE: z.string().optional(),
  // Outbound webhooks (decision 048): the key that encrypts endpoint signing secrets at rest,
  // 32 bytes in base64 or hex. Without it: a key file in DATA_DIR (PGlite, or not production).
  WEBHOOK_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) => value.trim())
      .refine(
        (value) => decodeKey(value) !== null,
        "must be 32 random bytes in base64 (44 characters) or hex (64 characters), e.g. the output of `openssl rand -base64 32`",
      )
      .optional(),
  ),
  // Lets webhooks reach http:// URLs and loopback/private addresses: development and tests only.
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(["true", "false"], { message: "must be true or false" }).default("false")),
  // Harvest's API (issue 24, decision 055): another address only for tests (a local stub).
  HARVEST_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: "must be an http(s) URL (default https://api.harvestapp.com)" }).default("https://api.harvestapp.com"),
  ),
  // Slack (issue 24, decision 054): the Slack app behind "Add to Slack" (OAuth v2, incoming-webhook
  // scope). Without it the owner pastes an incoming-webhook URL. SLACK_API_URL: tests' stub.
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: "must be an http(s) URL (default https://slack.com)" }).default("https://slack.com"),
  ),
  // The owner's own Mollie account (issue 26): "Connect with Mollie" (Mollie Connect, OAuth) when
  // both are set, else a pasted API key. The authorize and token URLs: tests' stub.
  // Custom domains (issue 25, decision 060): the host name a customer's CNAME points at (default
  // domains.<PUBLIC_URL's host>), and the DNS servers that check the records (ip or ip:port, comma
  // separated; default the system's). Tests point DNS_SERVERS at a DNS server they start.
  CUSTOM_DOMAIN_TARGET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i, {
        message: "must be a host name such as domains.example.com",
      })
      .optional(),
  ),
  DNS_SERVERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().regex(/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i, {
            message: "must be IP addresses (ip or ip:port), comma separated",
          }),
        ),
      )
      .optional(),
  ),
  MOLLIE_CONNECT_CLIENT_ID: optionalString,
  MOLLIE_CONNECT_CLIENT_SECRET: optionalString,
  MOLLIE_CONNECT_AUTHORIZE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: "must be an http(s) URL (default https://my.mollie.com/oauth2/authorize)" })
      .default("https://my.mollie.com/oauth2/authorize"),
  ),
  MOLLIE_CONNECT_TOKEN_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: "must be an http(s) URL (default https://api.mollie.com/oauth2/tokens)" })
      .default("https://api.mollie.com/oauth2/tokens"),
  ),
  // DocuSign (issue 25, decision 059): each account connects its own DocuSign account with the
  // Authorization Code Grant of this app (integration key and secret). DOCUSIGN_AUTH_URL: the
  // authentication service (account-d.docusign.com for the developer environment); the eSignature
  // base URI comes from /oauth/userinfo, unless DOCUSIGN_API_URL overrides it (tests' stub).
  // DOCUSIGN_CONNECT_KEYS: the Connect HMAC keys (comma-separated; any active one may sign).
  DOCUSIGN_CLIENT_ID: optionalString,
  DOCUSIGN_CLIENT_SECRET: optionalString,
  DOCUSIGN_AUTH_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: "must be an http(s) URL (default https://account.docusign.com)" }).default("https://account.docusign.com"),
  ),
  DOCUSIGN_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional()),
  DOCUSIGN_CONNECT_KEYS: optionalString,
});

/** 32 bytes from base64 (standard or url-safe) or hex, or null. */
function decodeKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

export type PublicConfig = {
  publicUrl: string;
  analytics: {
    apiKey?: string;
    appId?: string;
    authDomain?: string;
    projectId?: string;
    measurementId: string;
  } | null;
};

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** A streaming replica of databaseUrl: statistics and public quote reads (decision 036). */
  databaseReadUrl?: string;
  databasePoolSize: number;
  logLevel: z.infer<typeof ZEnv>["LOG_LEVEL"];
  trustProxy: boolean;
  smtpUrl?: string;
  /** E-mails go to DATA_DIR/mail when there is no SMTP_URL (development, or MAIL_OUTBOX=1). */
  mailOutbox: boolean;
  /** Origins (scheme://host[:port]) allowed to call /graphql from a browser, with credentials. */
  corsOrigins: string[];
  mailFrom: string;
  contactEmail: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  public: PublicConfig;
  /** Where files live: DATA_DIR/files, or an S3-compatible bucket. */
  files:
    | { kind: "local"; dir: string }
    | {
        kind: "s3";
        bucket: string;
        region: string;
        endpoint?: string;
        forcePathStyle: boolean;
        credentials?: { accessKeyId: string; secretAccessKey: string };
      };
  jobs: { worker: boolean; concurrency: number; deliveryConcurrency: number };
  /** Warm the PDF worker up after listening (PDF_WARM_UP, decision 070); only where the job worker runs. */
  pdfWarmUp: boolean;
  /** The bound of the rendered quote documents' cache in bytes (QUOTE_FRAGMENT_CACHE_BYTES, decision 088); 0: off. */
  quoteFragmentCacheBytes: number;
  /** The bound of the public page's read-model cache in bytes (PUBLIC_READ_CACHE_BYTES, decision 095); 0: off. */
  publicReadCacheBytes: number;
  /** Mollie when an API key is set; otherwise the development provider with its local checkout. */
  /** `none`: production on a public address without a key — paying is refused (the dev provider would give plans away). */
  payments: { kind: "mollie"; apiKey: string; apiUrl: string } | { kind: "dev" } | { kind: "none" };
  seller: { name: string; address: string; vatNumber: string; cocNumber: string; email: string };
  /** The configured PDF sealing certificate (PKCS#12 bytes), or null: a self-signed one is generated and kept in the database. */
  pdfSeal: PdfSealConfig | null;
  webhooks: WebhookConfig;
  /** Slack (decision 054): `app` when SLACK_CLIENT_ID and SLACK_CLIENT_SECRET are set ("Add to Slack"); `apiUrl` without a trailing slash. */
  slack: SlackConfig;
  /** DocuSign (decision 059): `app` with DOCUSIGN_CLIENT_ID/SECRET; `apiUrl` overrides userinfo's base URI (tests). */
  docusign: DocuSignConfig;
  /** The owners' own Mollie accounts (issue 26): `app` with MOLLIE_CONNECT_CLIENT_ID/SECRET; `apiUrl` is MOLLIE_API_URL (ends in /v2/). */
  mollieConnect: MollieConnectConfig;
  /** Custom domains (decision 060): the CNAME target, and DNS servers for the checks (null: the system's). */
  customDomains: { target: string; dnsServers: string[] | null };
};

export type MollieConnectConfig = { app: { clientId: string; clientSecret: string } | null; authorizeUrl: string; tokenUrl: string; apiUrl: string };

export type DocuSignConfig = { app: { clientId: string; clientSecret: string } | null; authUrl: string; apiUrl: string | null; connectKeys: string[] };
export type SlackConfig = { app: { clientId: string; clientSecret: string } | null; apiUrl: string };

/**
 * Outbound webhooks (src/server/modules/webhooks, decision 048). `secretKey`: WEBHOOK_SECRET_KEY;
 * `keyFile`: where the key is kept (generated on first use) when it is not configured, or null when
 * a key file may not be used (production on PostgreSQL: several servers share the database, each
 * would make its own key). `allowPrivate`: http:// and private addresses allowed (development, tests).
 */
export type WebhookConfig = {
  secretKey: Buffer | null;
  keyFile: string | null;
  allowPrivate: boolean;
  /** Harvest's API without a trailing slash (HARVEST_API_URL; decision 055): the Harvest transport and connect call it. */
  harvestApiUrl?: string;
};

export type PdfSealConfig = { p12: Uint8Array; passphrase: string };

/**
 * PDF_SEAL_P12 is the path of a readable file, or base64 of a DER PKCS#12 (which starts with a
 * SEQUENCE, byte 0x30). Whether the passphrase opens it is checked when the sealer is loaded
 * (src/server/pdf/seal-store.ts `checkConfiguredSealer`, called at start-up).
 */
function readSealP12(value: string): Uint8Array {
  if (fs.existsSync(value)) {
    try {
      return new Uint8Array(fs.readFileSync(value));
    } catch (error) {
      throw new ConfigError([`PDF_SEAL_P12: cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? "error"})`]);
    }
  }
  const compact = value.replace(/\s+/g, "");
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(compact) && compact.length % 4 === 0 ? Buffer.from(compact, "base64") : null;
  if (!bytes || bytes.length < 64 || bytes[0] !== 0x30) {
    throw new ConfigError(["PDF_SEAL_P12: must be the path of a PKCS#12 file (.p12, .pfx) or that file's bytes in base64"]);
  }
  return new Uint8Array(bytes);
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ZEnv.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`));
  }
  const e = result.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      `${e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"}: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither`,
    ]);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const localAddress = /^(localhost|127(\.\d+){3}|\[::1\])$/.test(new URL(publicUrl).hostname);
  if (e.NODE_ENV === "production" && !localAddress && !e.SMTP_URL && e.MAIL_OUTBOX !== "1") {
    throw new ConfigError([
      `SMTP_URL: is required in production (NODE_ENV=production, PUBLIC_URL=${publicUrl}): without it sign-in links would only be written to DATA_DIR/mail on this server. ` +
        "Set SMTP_URL, or set MAIL_OUTBOX=1 if keeping e-mails in that folder is really what you want.",
    ]);
  }
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError([
      "DATABASE_READ_URL: is set but DATABASE_URL is not (a read replica needs the PostgreSQL primary it follows; the embedded database has none)",
    ]);
  }
  if (e.PDF_SEAL_PASSPHRASE && !e.PDF_SEAL_P12) {
    throw new ConfigError(["PDF_SEAL_PASSPHRASE: is set but PDF_SEAL_P12 is not (set both, or neither for a generated certificate)"]);
  }
  if (Boolean(e.SLACK_CLIENT_ID) !== Boolean(e.SLACK_CLIENT_SECRET)) {
    throw new ConfigError([`${e.SLACK_CLIENT_ID ? "SLACK_CLIENT_SECRET" : "SLACK_CLIENT_ID"}: set both SLACK_CLIENT_ID and SLACK_CLIENT_SECRET, or neither`]);
  }
  if (e.WEBHOOK_ALLOW_PRIVATE === "true" && e.NODE_ENV === "production" && !localAddress) {
    throw new ConfigError([
      `WEBHOOK_ALLOW_PRIVATE: may not be true in production on a public address (NODE_ENV=production, PUBLIC_URL=${publicUrl}): it lets webhooks reach the server's own network. It is for development and tests.`,
    ]);
  }
  const pdfSeal = e.PDF_SEAL_P12 ? { p12: readSealP12(e.PDF_SEAL_P12), passphrase: e.PDF_SEAL_PASSPHRASE ?? "" } : null;
  const analytics = e.PUBLIC_ANALYTICS_MEASUREMENT_ID
    ? {
        apiKey: e.PUBLIC_ANALYTICS_API_KEY,
        appId: e.PUBLIC_ANALYTICS_APP_ID,
        authDomain: e.PUBLIC_ANALYTICS_AUTH_DOMAIN,
        projectId: e.PUBLIC_ANALYTICS_PROJECT_ID,
        measurementId: e.PUBLIC_ANALYTICS_MEASUREMENT_ID,
      }
    : null;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "true",
    smtpUrl: e.SMTP_URL,
    mailOutbox: !e.SMTP_URL,
    corsOrigins: (e.CORS_ORIGINS ?? []).map((origin) => new URL(origin).origin),
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    google:
      e.OIDC_GOOGLE_CLIENT_ID && e.OIDC_GOOGLE_CLIENT_SECRET
        ? { clientId: e.OIDC_GOOGLE_CLIENT_ID, clientSecret: e.OIDC_GOOGLE_CLIENT_SECRET, issuer: e.OIDC_GOOGLE_ISSUER.replace(/\/+$/, "") }
        : null,
    public: { publicUrl, analytics },
    files: e.S3_BUCKET
      ? {
          kind: "s3",
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
        }
      : { kind: "local", dir: path.join(path.resolve(e.DATA_DIR), "files") },
    jobs: { worker: e.JOBS_WORKER === "true", concurrency: e.JOBS_CONCURRENCY, deliveryConcurrency: e.WEBHOOK_CONCURRENCY },
    pdfWarmUp: e.PDF_WARM_UP === "true",
    quoteFragmentCacheBytes: e.QUOTE_FRAGMENT_CACHE_BYTES,
    publicReadCacheBytes: e.PUBLIC_READ_CACHE_BYTES,
    payments: e.MOLLIE_API_KEY
      ? { kind: "mollie", apiKey: e.MOLLIE_API_KEY, apiUrl: e.MOLLIE_API_URL.replace(/\/*$/, "/") }
      : e.NODE_ENV === "production" && !localAddress
        ? { kind: "none" }
        : { kind: "dev" },
    seller: { name: e.SELLER_NAME, address: e.SELLER_ADDRESS, vatNumber: e.SELLER_VAT_NUMBER, cocNumber: e.SELLER_COC_NUMBER, email: e.CONTACT_EMAIL },
    pdfSeal,
    webhooks: {
      secretKey: e.WEBHOOK_SECRET_KEY ? decodeKey(e.WEBHOOK_SECRET_KEY) : null,
      keyFile: e.NODE_ENV === "production" && e.DATABASE_URL ? null : path.join(path.resolve(e.DATA_DIR), "webhook-secret.key"),
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "true",
      harvestApiUrl: e.HARVEST_API_URL.replace(/\/+$/, ""),
    },
    docusign: {
      app: e.DOCUSIGN_CLIENT_ID && e.DOCUSIGN_CLIENT_SECRET ? { clientId: e.DOCUSIGN_CLIENT_ID, clientSecret: e.DOCUSIGN_CLIENT_SECRET } : null,
      authUrl: e.DOCUSIGN_AUTH_URL.replace(/\/+$/, ""),
      apiUrl: e.DOCUSIGN_API_URL ? e.DOCUSIGN_API_URL.replace(/\/+$/, "") : null,
      connectKeys: (e.DOCUSIGN_CONNECT_KEYS ?? "")
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    },
    slack: {
      app: e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET ? { clientId: e.SLACK_CLIENT_ID, clientSecret: e.SLACK_CLIENT_SECRET } : null,
      apiUrl: e.SLACK_API_URL.replace(/\/+$/, ""),
    },
    mollieConnect: {
      app:
        e.MOLLIE_CONNECT_CLIENT_ID && e.MOLLIE_CONNECT_CLIENT_SECRET
          ? { clientId: e.MOLLIE_CONNECT_CLIENT_ID, clientSecret: e.MOLLIE_CONNECT_CLIENT_SECRET }
          : null,
      authorizeUrl: e.MOLLIE_CONNECT_AUTHORIZE_URL,
      tokenUrl: e.MOLLIE_CONNECT_TOKEN_URL,
      apiUrl: e.MOLLIE_API_URL.replace(/\/*$/, "/"),
    },
    customDomains: {
      target: (e.CUSTOM_DOMAIN_TARGET ?? `domains.${new URL(publicUrl).hostname}`).toLowerCase(),
      dnsServers: e.DNS_SERVERS ?? null,
    },
  };
}
