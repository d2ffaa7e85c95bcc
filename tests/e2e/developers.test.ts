import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { axeViolations, e2eSuite, newPhoneContext, open, scrollWidth, signedInApp, toastWithText, watchErrors } from "../support/e2e";
import { undersizedTargets } from "../support/focus-visibility";
import { lastMailTo, signInToken } from "../support/mail";
import { signUpOverHttp } from "../support/marketing";

/**
 * Settings → Developers (issue 23) in a browser, in English and Dutch, on a desktop and a 375 px
 * phone: a webhook endpoint pointed at a receiver on this machine (the server runs with
 * WEBHOOK_ALLOW_PRIVATE=true), a test event seen in the delivery log with status 200 and verified
 * with the revealed secret as the Standard Webhooks specification says, rotation, resend; an API
 * key shown once, used over HTTP, revoked and then refused; a member without the screen; a
 * Starter account with the upgrade prompt and its endpoints' deliveries paused.
 */

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: http.Server;
let receiverUrl = "";

const e2e = e2eSuite({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, seen: received.length }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

/**
 * A Standard Webhooks check written from the specification alone: the signature header lists
 * "v1,<base64 HMAC-SHA256 of id.timestamp.body>" entries, keyed by the secret's base64 after
 * "whsec_". Returns the parsed body when one of them matches this secret.
 */
function verify(secret: string, delivery: Received): { type: string } {
  const id = String(delivery.headers["webhook-id"]);
  const timestamp = String(delivery.headers["webhook-timestamp"]);
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
  const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
    .update(`${id}.${timestamp}.${delivery.body}`)
    .digest();
  const signatures = String(delivery.headers["webhook-signature"])
    .split(" ")
    .filter((s) => s.startsWith("v1,"))
    .map((s) => Buffer.from(s.slice(3), "base64"));
  if (!signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected))) throw new Error("no signature matches this secret");
  return JSON.parse(delivery.body);
}

/** Waits until the receiver has had `count` requests for this path. */
async function receivedOn(path: string, count: number): Promise<Received[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const got = received.filter((r) => r.path === path);
    if (got.length >= count) return got;
    if (Date.now() > deadline) throw new Error(`the receiver got ${got.length} of ${count} deliveries on ${path}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Uses an API key once over HTTP, as an integration would (no cookie, no Account header): the status and the account's name. */
async function useKey(key: string): Promise<{ status: number; account?: string }> {
  const response = await fetch(`${e2e.server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-graphql-csrf": "1", authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: "{ account { name } }" }),
  });
  const body = (await response.json()) as { data?: { account?: { name: string } } };
  return { status: response.status, account: body.data?.account?.name };
}

/** The REST API's answer to the key (GET /api/v1/me): its status. */
async function restStatus(key: string): Promise<number> {
  const response = await fetch(`${e2e.server.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  return response.status;
}

/** Dismisses the toasts on screen (a click on each), as a person on a phone does before reaching what they cover. */
async function dismissToasts(page: Page) {
  const toasts = page.locator("[data-toast-type]");
  for (let n = 0; n < 10 && (await toasts.count()) > 0; n += 1) {
    await toasts
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await page.waitForTimeout(100);
  }
}

/** Adds an endpoint through the form (keyboard: Enter on the button, type, Space on the boxes, Enter to save). */
async function addEndpoint(page: Page, url: string, events: string[], description: string) {
  const add = page.getByTestId("endpoint-add").or(page.getByTestId("webhook-endpoints").getByTestId("empty-state").getByRole("button"));
  await add.first().focus();
  await page.keyboard.press("Enter");
  const form = page.getByTestId("endpoint-form");
  await form.waitFor();
  // The form opens with the focus on its first field.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("endpoint-url");
  await page.keyboard.type(url);
  for (const event of events) {
    await form.getByTestId(`event-${event}`).focus();
    await page.keyboard.press("Space");
  }
  await form.getByTestId("endpoint-description").fill(description);
  await form.getByTestId("endpoint-url").focus();
  await page.keyboard.press("Enter");
  await form.waitFor({ state: "detached" });
}

const cardOf = (page: Page, url: string) =>
  page.getByTestId("endpoint-card").filter({ has: page.getByTestId("endpoint-card-url").getByText(url, { exact: true }) });

/** Reveals the endpoint's signing secret and returns it. */
async function revealSecret(page: Page, url: string): Promise<string> {
  const card = cardOf(page, url);
  await card.getByTestId("endpoint-reveal").click();
  const field = card.getByTestId("endpoint-secret");
  await field.waitFor();
  const secret = await field.inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  return secret;
}

describe("Settings → Developers in a browser", () => {
  it("(en, desktop) adds an endpoint, sends a test event delivered with 200, verifies it with the revealed secret, rotates, resends; an API key works once shown, then is revoked and refused", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    let errors: string[] = [];
    const page = await signedInApp(context, e2e.server, "Hook Studio", "", {
      at: "/app/settings",
      beforeOpen: (p) => {
        errors = watchErrors(p);
      },
    });
    await page.getByTestId("settings-nav").getByRole("link", { name: "Developers" }).click();
    await page.waitForURL((url) => url.pathname === "/app/settings/developers");
    await page.getByRole("heading", { name: "Developers", level: 1 }).waitFor();
    await page.getByTestId("webhook-endpoints").getByText("No endpoints yet").waitFor();
    await page.getByTestId("api-keys").getByText("No API keys yet").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "developers-empty-en-desktop");

    // The form's own checks first (no request), then a real endpoint, by keyboard.
    await page.getByTestId("webhook-endpoints").getByTestId("empty-state").getByRole("button").click();
    await page.getByTestId("endpoint-save").click();
    await page.getByText("Enter the URL that should receive the events.").waitFor();
    await page.getByTestId("endpoint-events-error").getByText("Choose at least one event.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId("endpoint-form").getByRole("button", { name: "Cancel" }).click();
    const url = `${receiverUrl}/hooks/en`;
    await addEndpoint(page, url, ["quote.signed", "customer.created"], "Invoicing sheet");
    await toastWithText(page, "Endpoint added");
    const card = cardOf(page, url);
    await card.waitFor();
    expect(await card.getByTestId("endpoint-state").textContent()).toBe("Enabled");
    expect(await card.getByTestId("endpoint-events-list").textContent()).toBe("Quote signedCustomer created");
    await card.getByText("Invoicing sheet").waitFor();

    // A test event: in the log with HTTP 200, and verified by the reference library with the revealed secret.
    await card.getByTestId("endpoint-send-test").click();
    await toastWithText(page, "Test event on its way");
    const [first] = await receivedOn("/hooks/en", 1);
    const row = card.getByTestId("delivery-row").first();
    await expect.poll(() => row.getAttribute("data-status"), { timeout: 20_000 }).toBe("succeeded");
    expect(await row.getByTestId("delivery-code").textContent()).toBe("HTTP 200");
    expect(await row.textContent()).toContain("Test event");
    expect(await row.textContent()).toContain("Attempt 1");
    await row.getByTestId("delivery-response").locator("summary").click();
    expect(await row.getByTestId("delivery-response-body").textContent()).toBe('{"ok":true,"seen":1}');
    const secret = await revealSecret(page, url);
    const verified = verify(secret, first);
    expect(verified.type).toBe("webhook.test");
    expect(await row.textContent()).toContain(String(first.headers["webhook-id"]));
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "developers-endpoint-en-desktop");

    // Resend: the same webhook-id again, a second row in the log.
    await row.getByTestId("delivery-resend").click();
    await toastWithText(page, "Sent again");
    const [, again] = await receivedOn("/hooks/en", 2);
    expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    await expect.poll(() => card.getByTestId("delivery-row").count(), { timeout: 20_000 }).toBe(2);

    // Rotate: the dialog explains the grace period; the new secret differs; the old one still verifies the next delivery.
    await card.getByTestId("endpoint-rotate").click();
    const dialog = page.locator("dialog[open]");
    await dialog.getByText("During a grace period of", { exact: false }).waitFor();
    await dialog.getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "Secret rotated");
    await card.getByTestId("endpoint-previous-secret").waitFor();
    await expect.poll(() => card.getByTestId("endpoint-secret").inputValue()).not.toBe(secret);
    const rotated = await card.getByTestId("endpoint-secret").inputValue();
    await card.getByTestId("endpoint-send-test").click();
    const [, , third] = await receivedOn("/hooks/en", 3);
    expect(verify(secret, third).type).toBe("webhook.test");
    expect(verify(rotated, third).type).toBe("webhook.test");

    // Edit: switch it off with a new description.
    await card.getByTestId("endpoint-edit").click();
    await page.getByTestId("endpoint-description").fill("Paused for maintenance");
    await page.getByTestId("endpoint-enabled").uncheck();
    await page.getByTestId("endpoint-save").click();
    await toastWithText(page, "Endpoint saved");
    await expect.poll(() => card.getByTestId("endpoint-state").textContent()).toBe("Disabled");
    await card.getByText("Paused for maintenance").waitFor();

    // An API key: shown once, works over HTTP, then revoked and refused.
    await page.getByTestId("api-keys").getByTestId("empty-state").getByRole("button").click();
    await page.getByTestId("api-key-name").fill("CI script");
    await page.getByTestId("api-key-role").selectOption("ADMIN");
    await page.getByTestId("api-key-submit").click();
    const created = page.getByTestId("api-key-created");
    await created.getByText("you won't see this key again", { exact: false }).waitFor();
    const key = await created.getByTestId("api-key-value").inputValue();
    expect(key).toMatch(/^ofr_live_[A-Za-z0-9_-]{43}$/);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "developers-key-created-en-desktop");
    expect(await useKey(key)).toEqual({ status: 200, account: "Hook Studio" });
    expect(await restStatus(key)).toBe(200);
    await created.getByTestId("api-key-created-done").click();
    await created.waitFor({ state: "detached" });
    expect(await page.getByTestId("api-key-value").count()).toBe(0);
    const keyRow = page.getByTestId("api-key-row").filter({ hasText: "CI script" });
    expect(await keyRow.getAttribute("data-state")).toBe("active");
    expect(await keyRow.textContent()).toContain("Olga Owner");
    expect(await keyRow.getByTestId("api-key-role-cell").textContent()).toBe("Admin");
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => keyRow.getByTestId("api-key-last-used").textContent()).not.toBe("Never"); // the request above used it
    await keyRow.getByTestId("api-key-revoke").click();
    await page.locator("dialog[open]").getByText("Every request with this key is refused from now on.", { exact: false }).waitFor();
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "Key revoked");
    await expect.poll(() => keyRow.getAttribute("data-state")).toBe("revoked");
    expect((await useKey(key)).status).toBe(401);
    expect(await restStatus(key)).toBe(401);
    await e2e.shot(page, "developers-full-en-desktop");

    // Delete the endpoint, after a confirmation.
    await card.getByTestId("endpoint-delete").click();
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "Endpoint deleted");
    await page.getByTestId("webhook-endpoints").getByText("No endpoints yet").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("(nl, 375 px) the same in Dutch on a phone: no sideways scroll, targets large enough, no axe findings", async () => {
    const context = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const page = await signedInApp(context, e2e.server, "Haak Studio", "/nl", { at: "/nl/app/settings/developers" });
    await page.getByRole("heading", { name: "Ontwikkelaars", level: 1 }).waitFor();
    await page.getByTestId("webhook-endpoints").getByText("Nog geen endpoints").waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    // The current tab is scrolled into view in the settings tabs.
    const tab = page.getByTestId("settings-nav").getByRole("link", { name: "Ontwikkelaars" });
    await expect.poll(() => tab.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);

    const url = `${receiverUrl}/hooks/nl`;
    await addEndpoint(page, url, ["quote.published", "quote.signed"], "Boekhouding");
    await toastWithText(page, "Endpoint toegevoegd");
    const card = cardOf(page, url);
    expect(await card.getByTestId("endpoint-events-list").textContent()).toBe("Offerte gepubliceerdOfferte ondertekend");
    await card.getByTestId("endpoint-send-test").click();
    await toastWithText(page, "Testgebeurtenis onderweg");
    await receivedOn("/hooks/nl", 1);
    const row = card.getByTestId("delivery-row").first();
    await expect.poll(() => row.getAttribute("data-status"), { timeout: 20_000 }).toBe("succeeded");
    expect(await row.getByTestId("delivery-status").textContent()).toBe("Geleverd");
    expect(await row.getByTestId("delivery-code").textContent()).toBe("HTTP 200");
    await row.getByTestId("delivery-response").locator("summary").click();
    await revealSecret(page, url);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    expect(await undersizedTargets(page)).toEqual([]);
    await e2e.shot(page, "developers-endpoint-nl-375");

    await card.getByTestId("endpoint-rotate").click();
    await page.locator("dialog[open]").getByText("overgangsperiode", { exact: false }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "Geheim vernieuwd");
    await dismissToasts(page);

    await page.getByTestId("api-keys").getByTestId("empty-state").getByRole("button").click();
    await page.getByTestId("api-key-name").fill("Zapier");
    await page.getByTestId("api-key-submit").click();
    const created = page.getByTestId("api-key-created");
    await created.getByText("je ziet deze sleutel niet nog eens", { exact: false }).waitFor();
    const key = await created.getByTestId("api-key-value").inputValue();
    expect(await useKey(key)).toEqual({ status: 200, account: "Haak Studio" });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    expect(await undersizedTargets(page)).toEqual([]);
    await e2e.shot(page, "developers-key-created-nl-375");
    await dismissToasts(page);
    await created.getByTestId("api-key-created-done").click();
    const keyRow = page.getByTestId("api-key-row").filter({ hasText: "Zapier" });
    expect(await keyRow.textContent()).toContain("Alleen lezen");
    await keyRow.getByTestId("api-key-revoke").click();
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "Sleutel ingetrokken");
    await expect.poll(() => keyRow.getAttribute("data-state")).toBe("revoked");
    expect((await useKey(key)).status).toBe(401);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await e2e.shot(page, "developers-full-nl-375");
    await context.close();
  });

  it("a member does not see the tab and gets the forbidden state; the server refuses the member too", async () => {
    const owner = await signUpOverHttp(e2e.server.url, e2e.server.dataDir, { name: "Olga Owner", company: "Team Hooks" });
    const email = `member-${Date.now()}@example.test`;
    await owner.gql("mutation ($input: InviteUserInput!) { inviteUser(input: $input) { id } }", { input: { email, role: "MEMBER" } });
    const token = await invitationToken(email);
    const member = await signInOverHttp(email);
    await member.gql("mutation ($token: String!) { acceptInvitation(token: $token) { id } }", { token });
    await member.selectAccount();

    for (const [locale, prefix, message] of [
      ["en-US", "", "Only owners and admins can manage webhooks and API keys."],
      ["nl-NL", "/nl", "Alleen eigenaren en beheerders kunnen webhooks en API-sleutels beheren."],
    ] as const) {
      const context = await newPhoneContext(e2e.browser, e2e.server.url, locale);
      await context.addCookies([{ ...member.cookie, url: e2e.server.url }]);
      const page = await context.newPage();
      await open(page, `${prefix}/app/settings/developers`);
      await page.getByTestId("developers-forbidden").getByText(message).waitFor();
      // The role is known now: no Developers tab among the settings tabs.
      const nav = page.getByTestId("settings-nav");
      expect(await nav.getByRole("link").count()).toBe(4);
      expect(await nav.getByRole("link", { name: prefix ? "Ontwikkelaars" : "Developers" }).count()).toBe(0);
      expect(await page.getByTestId("webhook-endpoints").count()).toBe(0);
      expect(await page.getByTestId("api-keys").count()).toBe(0);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      await e2e.shot(page, `developers-member-${prefix ? "nl" : "en"}-375`);
      await context.close();
    }
    const refused = await member.raw("{ webhookEndpoints { id } apiKeys { id } }");
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("a Starter account sees the upgrade prompt; an endpoint made before the downgrade stays listed with deliveries paused", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signedInApp(context, e2e.server, "Starter Hooks", "", { at: "/app/settings/developers" });
    const url = `${receiverUrl}/hooks/starter`;
    await addEndpoint(page, url, ["quote.signed"], "Before the downgrade");
    await toastWithText(page, "Endpoint added");
    await toStarter(page);

    await open(page, "/app/settings/developers");
    const prompt = page.getByTestId("upgrade-prompt-developerApi");
    await prompt.getByText("Upgrade to Basic").waitFor();
    expect(await prompt.textContent()).toContain("Webhooks, API keys and a REST API: included in Basic and every plan above it.");
    await page.getByTestId("deliveries-paused").getByText("no events are sent to them until you upgrade", { exact: false }).waitFor();
    const card = cardOf(page, url);
    await card.getByTestId("endpoint-paused").waitFor();
    expect(await card.getByTestId("endpoint-send-test").count()).toBe(0);
    expect(await page.getByTestId("endpoint-add").count()).toBe(0);
    expect(await page.getByTestId("upgrade-dialog").isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "developers-starter-en-desktop");

    await open(page, "/nl/app/settings/developers");
    await prompt.getByText("Upgrade naar Basic").waitFor();
    await page.getByTestId("deliveries-paused").getByText("tot je upgradet", { exact: false }).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await e2e.shot(page, "developers-starter-nl-375");
    await prompt.getByTestId("upgrade-prompt-action").click();
    await page.waitForURL((u) => u.pathname === "/nl/app/settings/billing/update");
    await context.close();
  });
});

/** Moves the signed-in owner's trial to Starter (monthly) through the development checkout, as a person would. */
async function toStarter(page: Page) {
  await open(page, "/app/settings/billing/update");
  await page.getByTestId("plan-STARTER").click();
  await page.locator("label", { has: page.getByTestId("interval-MONTHLY") }).click();
  await page.getByTestId("pay").click();
  await page.waitForURL((url) => url.pathname.startsWith("/dev/checkout/"));
  await page.getByTestId("dev-checkout-paid").click();
  await page.waitForURL((url) => url.pathname === "/app/settings/billing");
  await page.getByTestId("billing-plan").getByText("Starter").waitFor();
}

/** The invitation's token from the e-mail the server's worker sends (it polls the jobs table every second). */
async function invitationToken(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const match = /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(lastMailTo(e2e.server.dataDir, email).decoded);
      if (match) return match[1];
    } catch {
      /* not sent yet */
    }
    if (Date.now() > deadline) throw new Error(`no invitation e-mail to ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Signs a person in by e-mail link over HTTP (no account of their own yet): their session and a GraphQL caller. */
async function signInOverHttp(email: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${e2e.server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect((await post("/api/auth/email-link", { email })).status).toBe(202);
  const verified = await post("/api/auth/email-link/verify", { email, token: signInToken(lastMailTo(e2e.server.dataDir, email)) });
  const [name, value] = /((?:__Host-)?offerly_session)=([^;]+)/.exec(verified.headers.get("set-cookie") ?? "")!.slice(1);
  let account = "";
  const raw = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${e2e.server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1", cookie: `${name}=${value}`, ...(account ? { account } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: Record<string, unknown>; errors?: { extensions?: { code?: string } }[] };
  };
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const body = await raw(query, variables);
    if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  /** Selects the (first) account the person belongs to, for the calls after. */
  const selectAccount = async () => {
    const data = (await gql("{ accounts { items { id } } }")) as { accounts: { items: { id: string }[] } };
    account = data.accounts.items[0].id;
  };
  return { cookie: { name, value }, raw, gql, selectAccount };
}
