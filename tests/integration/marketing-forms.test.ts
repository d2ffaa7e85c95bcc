import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, newsletterSubscriptions } from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { testDbKind } from "../support/db";
import { formBody, linkIn, readOutbox } from "../support/marketing";

let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY: each test speaks from its own address (X-Forwarded-For), so rate limits stay apart.
  t = await createTestApp({ ssr: true, env: { TRUST_PROXY: "true", CONTACT_EMAIL: "team@offerly.test" } });
});
afterAll(async () => {
  await t.close();
});

let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

async function post(path: string, fields: Record<string, string>, address: string): Promise<Response> {
  const init = formBody(fields);
  return t.fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": address, "accept-language": "en" } });
}

const contact = (over: Partial<Record<string, string>> = {}) => ({
  intent: "contact",
  submissionId: crypto.randomUUID(),
  name: "Anna de Vries",
  email: "anna@example.com",
  message: "Can I import my existing quotes?",
  ...over,
});

const countContact = async (submissionId: string) => (await t.db.select().from(contactMessages).where(eq(contactMessages.submissionId, submissionId))).length;

const mailsTo = (to: string) => readOutbox(t.dataDir).filter((m) => m.to.includes(to));

describe(`contact form (${testDbKind})`, () => {
  it("stores the message and e-mails it to CONTACT_EMAIL with the sender as reply-to", async () => {
    const fields = contact({ email: "Sender@Example.com", message: "Hello from the contact form test 1" });
    const response = await post("/contact", fields, newAddress());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you! Your message has been sent.");
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.submissionId, fields.submissionId));
    expect(row).toMatchObject({ name: "Anna de Vries", email: "sender@example.com", message: fields.message, locale: "en" });
    expect(row.mailedAt).not.toBeNull();
    const mail = readOutbox(t.dataDir).find((m) => m.text.includes("Hello from the contact form test 1"))!;
    expect(mail.to).toBe("team@offerly.test");
    expect(mail.text).toMatch(/^Reply-To: sender@example\.com/m);
  });

  it("stores a double submit of the same form once, and mails it once", async () => {
    const fields = contact({ message: "Double submit test" });
    const address = newAddress();
    expect((await post("/contact", fields, address)).status).toBe(200);
    expect((await post("/contact", fields, address)).status).toBe(200);
    expect(await countContact(fields.submissionId)).toBe(1);
    expect(readOutbox(t.dataDir).filter((m) => m.text.includes("Double submit test"))).toHaveLength(1);
  });

  it("stores concurrent submits of the same form once", async () => {
    const fields = contact({ message: "Concurrent submit test" });
    const address = newAddress();
    const statuses = await Promise.all(Array.from({ length: 4 }, () => post("/contact", fields, address).then((r) => r.status)));
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await countContact(fields.submissionId)).toBe(1);
    expect(readOutbox(t.dataDir).filter((m) => m.text.includes("Concurrent submit test"))).toHaveLength(1);
  });

  it("pretends to accept a form whose honeypot is filled in, and stores nothing", async () => {
    const fields = contact({ website: "http://spam.example", message: "Buy cheap watches" });
    const response = await post("/contact", fields, newAddress());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you! Your message has been sent.");
    expect(await countContact(fields.submissionId)).toBe(0);
    expect(readOutbox(t.dataDir).filter((m) => m.text.includes("Buy cheap watches"))).toHaveLength(0);
  });

  it("refuses a missing e-mail and a too-long message with field messages in English, keeping what was typed", async () => {
    // (A body over the page-form limit gets 413 before it is read: tests/integration/security-http.test.ts.)
    const fields = contact({ email: "", message: "x".repeat(20_000), name: "Piet Keep-Me" });
    const response = await post("/contact", fields, newAddress());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please correct the fields marked below.");
    expect(html).toContain("Please enter your e-mail address.");
    expect(html).toContain("Your message is too long: at most 5000 characters, please.");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('value="Piet Keep-Me"');
    expect(await countContact(fields.submissionId)).toBe(0);
  });

  it("answers bad input in Dutch on the Dutch page", async () => {
    const response = await post("/nl/contact", contact({ email: "not-an-address", name: "", message: "" }), newAddress());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.");
    expect(html).toContain("Vul je naam in.");
    expect(html).toContain("Vul een bericht in.");
  });

  it("refuses a form without a valid submission id", async () => {
    const response = await post("/contact", contact({ submissionId: "nope" }), newAddress());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This form has expired.");
  });

  it("rate-limits one address to 5 messages per 10 minutes, in the user's language; other addresses go on", async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await post("/contact", contact({ message: `rate ${i}` }), address)).status).toBe(200);
    const refused = await post("/nl/contact", contact({ message: "rate 6" }), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0); // every 429 says when to come back
    expect(await refused.text()).toMatch(/Je hebt te veel verzoeken verstuurd\. Probeer het over \d+ minuten opnieuw\./);
    expect((await post("/contact", contact({ message: "rate other" }), newAddress())).status).toBe(200);
    // Addresses are not stored in clear.
    const keys = await t.db.execute(sql`select key from rate_limit_buckets`);
    const rows = (keys as unknown as { rows: { key: string }[] }).rows;
    expect(rows.some((r) => r.key.includes("203.0.113"))).toBe(false);
  });
});

describe(`newsletter (${testDbKind})`, () => {
  const subscription = async (email: string) => (await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];

  it("keeps one subscription for repeated subscribes, and sends one confirmation", async () => {
    const address = newAddress();
    for (const email of ["repeat@example.com", "Repeat@Example.com ", "repeat@example.com"]) {
      const response = await post("/contact", { intent: "newsletter", email }, address);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Almost done: check your inbox");
    }
    const rows = await t.db.select().from(newsletterSubscriptions).where(sql`${newsletterSubscriptions.email} like 'repeat@%'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("pending");
    expect(mailsTo("repeat@example.com")).toHaveLength(1);
  });

  it("keeps one subscription for concurrent subscribes", async () => {
    const address = newAddress();
    const statuses = await Promise.all(
      ["race@example.com", "RACE@example.com", "race@example.com"].map((email) =>
        post("/contact", { intent: "newsletter", email }, address).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "race@example.com"))).toHaveLength(1);
    expect(mailsTo("race@example.com")).toHaveLength(1);
  });

  it("refuses a bad address in the user's language and ignores the honeypot", async () => {
    const en = await post("/contact", { intent: "newsletter", email: "" }, newAddress());
    expect(en.status).toBe(400);
    expect(await en.text()).toContain("Please enter your e-mail address.");
    const nl = await post("/nl/contact", { intent: "newsletter", email: "geen-adres" }, newAddress());
    expect(nl.status).toBe(400);
    expect(await nl.text()).toContain("Vul een geldig e-mailadres in");
    const bot = await post("/contact", { intent: "newsletter", email: "bot@example.com", website: "x" }, newAddress());
    expect(bot.status).toBe(200);
    expect(await subscription("bot@example.com")).toBeUndefined();
  });

  it("limits confirmation mails to one address to 3 an hour, whoever asks", async () => {
    for (let i = 0; i < 3; i++) expect((await post("/contact", { intent: "newsletter", email: "target@example.com" }, newAddress())).status).toBe(200);
    expect((await post("/contact", { intent: "newsletter", email: "target@example.com" }, newAddress())).status).toBe(429);
  });

  it("confirms by the e-mailed link (double opt-in), stores only token hashes, and unsubscribes by the welcome mail's link", async () => {
    const email = "flow@example.com";
    expect((await post("/nl/contact", { intent: "newsletter", email }, newAddress())).status).toBe(200);
    const confirmMail = mailsTo(email)[0];
    expect(confirmMail.subject).toBe("Bevestig je abonnement op de nieuwsbrief van Offerly");
    const confirmLink = linkIn(confirmMail.text, "/nl/newsletter/confirm");
    const token = new URL(confirmLink).searchParams.get("token")!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32); // 256 random bits
    const pending = await subscription(email);
    expect(pending).toMatchObject({ status: "pending", locale: "nl" });
    expect(pending.confirmTokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));

    // Opening the link changes nothing (mail scanners open links); the button confirms.
    const opened = await t.fetch(new URL(confirmLink).pathname + new URL(confirmLink).search);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Abonnement bevestigen");
    expect((await subscription(email)).status).toBe("pending");

    const confirmed = await post("/nl/newsletter/confirm", { token }, newAddress());
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("je abonnement is bevestigd");
    const active = await subscription(email);
    expect(active).toMatchObject({ status: "confirmed", confirmTokenHash: null });
    expect(active.confirmedAt).not.toBeNull();

    // The link works once.
    const again = await post("/nl/newsletter/confirm", { token }, newAddress());
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Deze bevestigingslink is niet geldig");

    const welcome = mailsTo(email)[1];
    const unsubscribeLink = linkIn(welcome.text, "/nl/newsletter/unsubscribe");
    const unsubscribeToken = new URL(unsubscribeLink).searchParams.get("token")!;
    expect(active.unsubscribeTokenHash).toBe(crypto.createHash("sha256").update(unsubscribeToken).digest("hex"));
    for (let i = 0; i < 2; i++) {
      const response = await post("/nl/newsletter/unsubscribe", { token: unsubscribeToken }, newAddress());
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Je bent afgemeld.");
    }
    expect((await subscription(email)).status).toBe("unsubscribed");

    // Subscribing again starts a new double opt-in on the same row.
    expect((await post("/contact", { intent: "newsletter", email }, newAddress())).status).toBe(200);
    expect(await subscription(email)).toMatchObject({ status: "pending", locale: "en", unsubscribedAt: null });
    expect(mailsTo(email)).toHaveLength(3);
  });

  it("refuses made-up and malformed tokens", async () => {
    const fake = crypto.randomBytes(32).toString("base64url");
    const confirm = await post("/newsletter/confirm", { token: fake }, newAddress());
    expect(confirm.status).toBe(400);
    expect(await confirm.text()).toContain("This confirmation link is not valid");
    expect((await post("/newsletter/unsubscribe", { token: "short" }, newAddress())).status).toBe(400);
    const page = await t.fetch("/newsletter/confirm?token=not-a-token");
    expect(await page.text()).toContain("This confirmation link is not valid");
  });
});
