import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("parseConfig", () => {
  it("has working defaults for a laptop: port 3000, ./.data, PGlite, no SMTP", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toBe(path.resolve(".data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.env).toBe("development");
    expect(config.public.analytics).toBeNull();
  });

  it("gives deliveries a worker of their own: WEBHOOK_CONCURRENCY, default 8, beside JOBS_CONCURRENCY", () => {
    expect(parseConfig({}).jobs).toEqual({ worker: true, concurrency: 2, deliveryConcurrency: 8 });
    expect(parseConfig({ WEBHOOK_CONCURRENCY: "20", JOBS_CONCURRENCY: "3" }).jobs).toMatchObject({ concurrency: 3, deliveryConcurrency: 20 });
    expect(() => parseConfig({ WEBHOOK_CONCURRENCY: "0" })).toThrow(ConfigError);
  });

  it("reads every variable and strips a trailing slash from PUBLIC_URL", () => {
    const config = parseConfig({
      NODE_ENV: "production",
      PORT: "8080",
      PUBLIC_URL: "https://offerly.example/",
      DATA_DIR: "/var/lib/offerly",
      DATABASE_URL: "postgres://u@db:5432/offerly",
      SMTP_URL: "smtp://mail:25",
      PUBLIC_ANALYTICS_MEASUREMENT_ID: "G-ABC123",
      PUBLIC_ANALYTICS_PROJECT_ID: "offerly",
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      publicUrl: "https://offerly.example",
      dataDir: "/var/lib/offerly",
      databaseUrl: "postgres://u@db:5432/offerly",
      smtpUrl: "smtp://mail:25",
    });
    expect(config.public.analytics).toMatchObject({ measurementId: "G-ABC123", projectId: "offerly" });
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PORT: "" }).databaseUrl).toBeUndefined();
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PUBLIC_URL", "offerly.example"],
    ["PUBLIC_URL", "ftp://offerly.example"],
    ["DATABASE_URL", "mysql://localhost/x"],
    ["DATABASE_READ_URL", "replica:5432"],
    ["NODE_ENV", "staging"],
    ["SMTP_URL", "mail.example:25"],
    ["PUBLIC_ANALYTICS_MEASUREMENT_ID", "UA-1234"],
  ])("stops on a bad %s (%s) with a message naming it", (name, value) => {
    let error: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(name);
    expect((error as ConfigError).issues).toHaveLength(1);
  });

  it("takes a read replica only with the PostgreSQL primary it follows (decision 036)", () => {
    const config = parseConfig({ DATABASE_URL: "postgres://u@db:5432/offerly", DATABASE_READ_URL: "postgres://u@replica:5432/offerly" });
    expect(config.databaseReadUrl).toBe("postgres://u@replica:5432/offerly");
    expect(parseConfig({ DATABASE_URL: "postgres://u@db:5432/offerly" }).databaseReadUrl).toBeUndefined();
    expect(() => parseConfig({ DATABASE_READ_URL: "postgres://u@replica:5432/offerly" })).toThrow(/DATABASE_READ_URL: is set but DATABASE_URL is not/);
  });

  it("reports every bad variable at once", () => {
    expect(() => parseConfig({ PORT: "x", PUBLIC_URL: "y" })).toThrow(/PORT[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*PORT/);
  });
});

describe("production e-mail and CORS settings", () => {
  const production = { NODE_ENV: "production", PUBLIC_URL: "https://offerly.example" };

  it("refuses to start in production on a public address without SMTP_URL, naming SMTP_URL and MAIL_OUTBOX", () => {
    expect(() => parseConfig(production)).toThrow(ConfigError);
    expect(() => parseConfig(production)).toThrow(/SMTP_URL.*MAIL_OUTBOX=1/s);
  });

  it("starts in production with SMTP_URL, or with the outbox asked for explicitly, or on a local address", () => {
    expect(parseConfig({ ...production, SMTP_URL: "smtp://mail:25" }).smtpUrl).toBe("smtp://mail:25");
    expect(parseConfig({ ...production, MAIL_OUTBOX: "1" }).mailOutbox).toBe(true);
    expect(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:4000" }).mailOutbox).toBe(true);
    expect(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:4000" }).mailOutbox).toBe(true);
    expect(() => parseConfig({ ...production, MAIL_OUTBOX: "yes" })).toThrow(/MAIL_OUTBOX/);
  });

  it("allows no foreign origin by default; CORS_ORIGINS lists origins exactly", () => {
    expect(parseConfig({}).corsOrigins).toEqual([]);
    expect(parseConfig({ CORS_ORIGINS: "https://app.example, http://127.0.0.1:5173" }).corsOrigins).toEqual(["https://app.example", "http://127.0.0.1:5173"]);
    for (const bad of ["*", "https://app.example/path", "app.example", "https://*.example"]) {
      expect(() => parseConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe("the PDF sealing certificate", () => {
  // A DER PKCS#12 starts with a SEQUENCE (0x30); these bytes are only shaped like one.
  const p12Like = Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x00]), Buffer.alloc(96, 7)]);

  it("is generated (null here) unless PDF_SEAL_P12 is set", () => {
    expect(parseConfig({}).pdfSeal).toBeNull();
    expect(parseConfig({ PDF_SEAL_P12: "", PDF_SEAL_PASSPHRASE: "" }).pdfSeal).toBeNull();
  });

  it("reads PDF_SEAL_P12 as a file path or as base64, with its passphrase", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-config-"));
    try {
      const file = path.join(dir, "seal.p12");
      fs.writeFileSync(file, p12Like);
      expect(Buffer.from(parseConfig({ PDF_SEAL_P12: file, PDF_SEAL_PASSPHRASE: "pw" }).pdfSeal!.p12)).toEqual(p12Like);
      const fromBase64 = parseConfig({ PDF_SEAL_P12: p12Like.toString("base64") }).pdfSeal!;
      expect(Buffer.from(fromBase64.p12)).toEqual(p12Like);
      expect(fromBase64.passphrase).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops on a missing file or non-PKCS#12 base64, and on a passphrase without a certificate, naming the variable", () => {
    expect(() => parseConfig({ PDF_SEAL_P12: "/no/such/seal.p12" })).toThrow(/PDF_SEAL_P12/);
    expect(() => parseConfig({ PDF_SEAL_P12: Buffer.from("not a certificate at all, just some text that is long enough").toString("base64") })).toThrow(
      /PDF_SEAL_P12/,
    );
    expect(() => parseConfig({ PDF_SEAL_PASSPHRASE: "pw" })).toThrow(/PDF_SEAL_PASSPHRASE/);
  });
});
