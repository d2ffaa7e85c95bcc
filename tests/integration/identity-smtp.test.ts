import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/app";
import { requestLink, sessionCookieFrom, uniqueEmail, verifyLink } from "../support/auth";
import { outboxFiles } from "../support/mail";
import { startSmtpServer } from "../support/smtp";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Offerly <no-reply@offerly.test>" } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

it("delivers the sign-in link through a real SMTP server, and the link signs in", async () => {
  const email = uniqueEmail("smtp");
  const response = await requestLink(t, { email, signUp: { name: "Sam", companyName: "SMTP BV" } }, { "accept-language": "nl" });
  expect(response.status).toBe(202);
  expect(smtp.received).toHaveLength(1);
  const mail = smtp.received[0];
  expect(mail.from).toBe("no-reply@offerly.test");
  expect(mail.to).toEqual([email]);
  expect(mail.raw).toMatch(/^Subject: Je inloglink voor Offerly/m);
  expect(mail.raw).toMatch(/multipart\/alternative/);
  expect(outboxFiles(t.dataDir)).toHaveLength(0); // nothing went to the development outbox

  const token = /\/nl\/auth\/email-link\?token=([A-Za-z0-9_-]+)/.exec(mail.decoded)![1];
  const verified = await verifyLink(t, { email, token });
  expect(verified.status).toBe(200);
  const me = await t.gql<{ me: { email: string; name: string } }>("{ me { email name } }", {}, { cookie: sessionCookieFrom(verified)! });
  expect(me.data?.me).toEqual({ email, name: "Sam" });
});
