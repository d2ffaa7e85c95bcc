import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../config";
import { ZWebhookEndpointInput } from "../../../shared/webhooks";
import { WebhookAddressError, checkWebhookUrl, isForbiddenAddress, resolveWebhookAddress } from "./webhooks.address";
import { decryptSecret, encryptSecret, generateWebhookSecret, signatureHeader, signWebhook, webhookKey } from "./webhooks.crypto";
import { MAX_RETRY_AFTER_MS, nextDelayMs, scheduledDelayMs } from "./webhooks.delivery";
import { parseRetryAfter, postWebhook } from "./webhooks.http";
import { RETRY_SCHEDULE_MS } from "./webhooks.jobs";

describe("webhook signatures (Standard Webhooks)", () => {
  it("signs so that the reference standardwebhooks package verifies, with either secret of a rotation", () => {
    const current = generateWebhookSecret();
    const previous = generateWebhookSecret();
    const body = JSON.stringify({ type: "quote.signed", timestamp: "2026-11-25T21:00:00.000Z", data: { quote: { id: "q" } } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      "webhook-id": "msg_abc123",
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatureHeader([current, previous], "msg_abc123", timestamp, body),
    };
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    // The same signature as the reference implementation computes.
    expect(signWebhook(current, "msg_abc123", timestamp, body)).toBe(new Webhook(current).sign("msg_abc123", new Date(timestamp * 1000), body));
    // A changed body fails.
    expect(() => new Webhook(current).verify(`${body} `, headers)).toThrow();
  });

  it("makes secrets of whsec_ + base64 of 32 random bytes, all different", () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const s of secrets) {
      expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(s.slice(6), "base64")).toHaveLength(32);
    }
  });
});

describe("secrets at rest (AES-256-GCM)", () => {
  const key = Buffer.alloc(32, 7);
  it("round-trips, and refuses another endpoint's id, another key or a changed ciphertext", () => {
    const secret = generateWebhookSecret();
    const stored = encryptSecret(key, "endpoint-a", secret);
    expect(stored).not.toContain(secret.slice(6));
    expect(encryptSecret(key, "endpoint-a", secret)).not.toBe(stored); // a fresh IV each time
    expect(decryptSecret(key, "endpoint-a", stored)).toBe(secret);
    expect(() => decryptSecret(key, "endpoint-b", stored)).toThrow();
    expect(() => decryptSecret(Buffer.alloc(32, 8), "endpoint-a", stored)).toThrow(/another key/);
    const [v, kid, data] = stored.split(".");
    const bytes = Buffer.from(data, "base64");
    bytes[bytes.length - 1] ^= 1;
    expect(() => decryptSecret(key, "endpoint-a", `${v}.${kid}.${bytes.toString("base64")}`)).toThrow();
  });

  it("uses WEBHOOK_SECRET_KEY, else a key file made once in the data folder (0600); none in production on PostgreSQL", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-webhook-key-"));
    try {
      const config = parseConfig({ DATA_DIR: dir }).webhooks;
      expect(config.secretKey).toBeNull();
      const first = webhookKey(config)!;
      expect(first).toHaveLength(32);
      const file = path.join(dir, "webhook-secret.key");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(webhookKey(parseConfig({ DATA_DIR: dir }).webhooks)).toEqual(first);
      const configured = Buffer.alloc(32, 3);
      expect(webhookKey(parseConfig({ DATA_DIR: dir, WEBHOOK_SECRET_KEY: configured.toString("base64") }).webhooks)).toEqual(configured);
      expect(webhookKey(parseConfig({ DATA_DIR: dir, WEBHOOK_SECRET_KEY: configured.toString("hex") }).webhooks)).toEqual(configured);
      const production = parseConfig({ NODE_ENV: "production", DATA_DIR: dir, DATABASE_URL: "postgres://db/x", PUBLIC_URL: "http://localhost:3000" }).webhooks;
      expect(production.keyFile).toBeNull();
      expect(webhookKey(production)).toBeNull();
      // Production on PGlite: the key file beside the database.
      expect(parseConfig({ NODE_ENV: "production", DATA_DIR: dir, PUBLIC_URL: "http://localhost:3000" }).webhooks.keyFile).toBe(file);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a key that is not 32 bytes, and WEBHOOK_ALLOW_PRIVATE in production on a public address", () => {
    for (const value of ["short", Buffer.alloc(16).toString("base64"), "z".repeat(64)]) {
      expect(() => parseConfig({ WEBHOOK_SECRET_KEY: value }), value).toThrow(/WEBHOOK_SECRET_KEY: must be 32 random bytes/);
    }
    expect(() => parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://offerly.example", SMTP_URL: "smtp://x", WEBHOOK_ALLOW_PRIVATE: "true" })).toThrow(
      ConfigError,
    );
    expect(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3000", WEBHOOK_ALLOW_PRIVATE: "true" }).webhooks.allowPrivate).toBe(true);
    expect(parseConfig({}).webhooks.allowPrivate).toBe(false);
  });
});

describe("where a webhook may go", () => {
  it("refuses loopback, private, link-local, unique-local, CGNAT, metadata and reserved addresses, IPv4 and IPv6 (IPv4-mapped too)", () => {
    const refused = [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.100.100.200",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "168.63.129.16",
      "::1",
      "::",
      "::ffff:127.0.0.1",
      "::ffff:169.254.169.254",
      "::ffff:10.0.0.1",
      "fd00:ec2::254",
      "fc00::1",
      "fe80::1",
      "ff02::1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "not an address",
    ];
    for (const address of refused) expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:93.184.216.34"]) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it("checks the URL when it is saved: https only, no local names or private literals (unless WEBHOOK_ALLOW_PRIVATE)", () => {
    for (const url of [
      "http://example.com/x",
      "https://127.0.0.1/x",
      "https://[::1]/x",
      "https://[::ffff:7f00:1]/x",
      "https://2130706433/x",
      "https://0x7f.1/x",
      "https://localhost:8443/x",
      "https://intranet/x",
      "https://metadata.google.internal/x",
    ]) {
      expect(() => checkWebhookUrl(url, false), url).toThrow(WebhookAddressError);
    }
    expect(checkWebhookUrl("https://hooks.example.com/x", false).hostname).toBe("hooks.example.com");
    expect(checkWebhookUrl("http://127.0.0.1:9999/x", true).port).toBe("9999");
  });

  it("resolves at delivery time and refuses a name that resolves to a forbidden address (any of them)", async () => {
    const fakeDns = (answers: { address: string; family: number }[]) => (async () => answers) as never;
    const url = new URL("https://rebind.example.com/hook");
    for (const address of ["127.0.0.1", "169.254.169.254", "::ffff:127.0.0.1", "fd00::1", "10.0.0.8"]) {
      await expect(resolveWebhookAddress(url, false, fakeDns([{ address, family: address.includes(":") ? 6 : 4 }])), address).rejects.toThrow(/not allowed/);
    }
    await expect(
      resolveWebhookAddress(
        url,
        false,
        fakeDns([
          { address: "93.184.216.34", family: 4 },
          { address: "10.0.0.1", family: 4 },
        ]),
      ),
    ).rejects.toThrow(/10\.0\.0\.1/);
    expect(await resolveWebhookAddress(url, false, fakeDns([{ address: "93.184.216.34", family: 4 }]))).toEqual({ address: "93.184.216.34", family: 4 });
  });

  it("connects to the address that was checked, whatever the name resolves to later (DNS rebinding)", async () => {
    const server = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`host ${req.headers.host}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      // The name does not exist in DNS: only the pinned lookup can make the connection.
      const url = new URL(`http://rebind-test.invalid:${port}/hook`);
      const outcome = await postWebhook(url, { address: "127.0.0.1", family: 4 }, { "content-type": "application/json" }, "{}");
      expect(outcome).toMatchObject({ statusCode: 200, responseBody: `host rebind-test.invalid:${port}`, error: null });
    } finally {
      server.close();
    }
  });

  it("keeps 1 KB of the answer, stops at 15 s, and does not follow redirects", async () => {
    const server = http.createServer((req, res) => {
      if (req.url === "/big") {
        res.writeHead(500);
        res.end("é".repeat(5000));
      } else if (req.url === "/slow") {
        setTimeout(() => res.end("late"), 10_000);
      } else {
        res.writeHead(307, { location: "/big" });
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const address = { address: "127.0.0.1", family: 4 as const };
      const big = await postWebhook(new URL(`${base}/big`), address, {}, "{}");
      expect(big.statusCode).toBe(500);
      expect(big.responseBody).toBe("é".repeat(1024));
      const redirect = await postWebhook(new URL(`${base}/redirect`), address, {}, "{}");
      expect(redirect.statusCode).toBe(307);
      const slow = await postWebhook(new URL(`${base}/slow`), address, {}, "{}", 300);
      expect(slow.statusCode).toBeNull();
      expect(slow.error).toMatch(/timed out/);
      expect(slow.latencyMs).toBeLessThan(5000); // the answer comes after 10 s: the 300 ms limit cut it
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("retries", () => {
  it("spread about three days with ±20 % jitter; Retry-After on 429 and 5xx, between 1 s and a day", () => {
    const total = RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0) / 3600_000;
    expect(total).toBeGreaterThan(66);
    expect(total).toBeLessThan(80);
    expect(scheduledDelayMs(1, () => 0)).toBe(RETRY_SCHEDULE_MS[0] * 0.8);
    expect(scheduledDelayMs(1, () => 1)).toBe(RETRY_SCHEDULE_MS[0] * 1.2);
    expect(scheduledDelayMs(99, () => 0.5)).toBe(RETRY_SCHEDULE_MS[RETRY_SCHEDULE_MS.length - 1]);
    expect(nextDelayMs({ statusCode: 429, retryAfterMs: 120_000 }, 1)).toBe(120_000);
    expect(nextDelayMs({ statusCode: 503, retryAfterMs: 0 }, 1)).toBe(1000);
    expect(nextDelayMs({ statusCode: 500, retryAfterMs: 30 * 86_400_000 }, 1)).toBe(MAX_RETRY_AFTER_MS);
    // Retry-After on other answers is not a reason to wait less than the schedule.
    const delay = nextDelayMs({ statusCode: 400, retryAfterMs: 1000 }, 3);
    expect(delay).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[2] * 0.8);
    expect(parseRetryAfter("120")).toBe(120_000);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(58_000);
    expect(parseRetryAfter("soon")).toBeNull();
  });
});

describe("endpoint input", () => {
  it("normalises the URL and the event types, and names the field that is wrong", () => {
    const parsed = ZWebhookEndpointInput.parse({
      url: " https://Hooks.Example.com/in#frag ",
      eventTypes: ["quote.signed", "customer.created", "quote.signed"],
    });
    expect(parsed).toEqual({ url: "https://hooks.example.com/in", eventTypes: ["quote.signed", "customer.created"], description: null, enabled: true });
    const refused = ZWebhookEndpointInput.safeParse({ url: "https://x.example", eventTypes: ["webhook.test"] });
    expect(refused.error?.issues[0].message).toBe("webhooks:validation.eventTypeUnknown");
  });
});
