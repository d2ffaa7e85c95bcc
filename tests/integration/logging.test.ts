import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { parseConfig } from "../../src/server/config";
import { createLogger } from "../../src/server/logger";
import { createMailer, mailerFromConfig } from "../../src/server/mail/mailer";
import { type TestApp, createTestApp } from "../support/app";
import { requestLink, signUp, uniqueEmail } from "../support/auth";
import { lastMailTo, signInToken } from "../support/mail";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it("writes one structured line per request, with no tokens, cookies or link secrets", async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const config = parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://offerly.test", DATA_DIR: t.dataDir, MAIL_OUTBOX: "1" });
  const log = createLogger("info", sink);
  const app = createApp({ config, db: t.db, log, mail: createMailer({ from: "x@y.z", outboxDir: t.dataDir, log }), ping: t.database.ping });
  const call = (path: string, init?: RequestInit) => app.fetch(new Request(new URL(path, config.publicUrl), init));

  const user = await signUp(t);
  const email = uniqueEmail("log");
  await requestLink(t, { email });
  const token = signInToken(lastMailTo(t.dataDir, email));
  await call("/api/auth/email-link/verify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, token }) });
  await call(`/auth/email-link?token=${token}`);
  await call("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", "x-graphql-csrf": "1", cookie: user.cookie, authorization: "Bearer secret-bearer-token" },
    body: '{"query":"{ me { id } }"}',
  });
  await call("/quote/my-offer/V1StGXR8_Z5jdHi6B-myTa");

  const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
  expect(requests).toHaveLength(4);
  for (const entry of requests) {
    expect(entry).toMatchObject({
      requestId: expect.any(String),
      method: expect.any(String),
      path: expect.any(String),
      status: expect.any(Number),
      ms: expect.any(Number),
    });
  }
  const all = lines.join("\n");
  expect(all).not.toContain(token);
  expect(all).not.toContain(user.cookie.split("=")[1]);
  expect(all).not.toContain("secret-bearer-token");
  expect(all).not.toContain("V1StGXR8_Z5jdHi6B-myTa");
  expect(requests.map((r) => r.path)).toContain("/quote/my-offer/[redacted]");
});

function captureLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { log: createLogger("info", sink), text: () => lines.join("\n") };
}

it("never logs a sign-in link in production (outbox asked for with MAIL_OUTBOX=1); logs it in development", async () => {
  for (const env of ["production", "development"] as const) {
    const config = parseConfig({ NODE_ENV: env, PUBLIC_URL: "https://offerly.example", DATA_DIR: t.dataDir, MAIL_OUTBOX: "1" });
    const { log, text } = captureLog();
    const app = createApp({ config, db: t.db, log, mail: mailerFromConfig(config, log), ping: t.database.ping });
    const email = uniqueEmail(`mail-${env}`);
    const response = await app.fetch(
      new Request(new URL("/api/auth/email-link", config.publicUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      }),
    );
    expect(response.status).toBe(202);
    const token = signInToken(lastMailTo(t.dataDir, email)); // the e-mail itself is in the outbox
    expect(text()).toContain("mail written to the development outbox");
    if (env === "production") {
      expect(text()).not.toContain(token);
      expect(text()).not.toContain("signInLink");
    } else {
      expect(text()).toContain(token);
    }
  }
});
