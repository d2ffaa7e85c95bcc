import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { e2eSuite, linkFromOutbox as outboxLink, toastWithText } from "../support/e2e";
import { type TestOidcProvider, startOidcProvider } from "../support/oidc";

let oidc: TestOidcProvider;

const e2e = e2eSuite({
  env: async () => {
    oidc = await startOidcProvider();
    return { OIDC_GOOGLE_CLIENT_ID: oidc.clientId, OIDC_GOOGLE_CLIENT_SECRET: oidc.clientSecret, OIDC_GOOGLE_ISSUER: oidc.issuer };
  },
  // Signing up and in: a journey a person takes first, on the full Chromium (decision 080).
  browser: "chromium",
});
beforeAll(() => oidc.setRedirectUri(`${e2e.server.url}/api/auth/google/callback`));
afterAll(async () => {
  await oidc?.stop();
});
const linkFromOutbox = (email: string) => outboxLink(e2e.server.dataDir, email);

describe("identity in a browser", () => {
  it("signs up, lands in the app, signs out, and signs in again by link", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    const email = `ellen-${Date.now()}@example.test`;

    await page.goto("/auth/sign-in?mode=sign-up");
    await page.getByLabel("Your name").fill("Ellen Jansen");
    await page.getByLabel("Work e-mail").fill(email);
    await page.getByLabel("Company name").fill("Jansen Studio");
    await page.getByRole("button", { name: "Create my account" }).click();

    const toast = await toastWithText(page, "An e-mail with a log-in link was sent");
    expect(await toast.getAttribute("data-toast-type")).toBe("success");
    await page.waitForURL((url) => url.pathname === "/auth/email-link-sent");
    await page.getByTestId("link-sent-message").filter({ hasText: email }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("emailForSignIn"))).toBe(email);
    // The toast goes away by itself after 5 seconds.
    await toast.waitFor({ state: "detached", timeout: 8_000 });

    await page.goto(linkFromOutbox(email));
    await page.waitForURL((url) => url.pathname === "/app");
    await page.getByTestId("dashboard-account").filter({ hasText: "Jansen Studio" }).waitFor();
    await expect(page.getByTestId("dashboard-title").textContent()).resolves.toBe("Welcome, Ellen Jansen");
    await expect(page.getByTestId("trial-status").textContent()).resolves.toMatch(/ends on \d{1,2} [A-Z][a-z]+ \d{4} \(14 days left\)/); // the end date and the days left agree with "14 days free"
    expect(await page.evaluate(() => localStorage.getItem("emailForSignIn"))).toBeNull();

    // Sign out: back to sign-in; the app now sends a visitor to sign-in with a return path.
    await page.getByRole("button", { name: /Settings/ }).click();
    await page.getByTestId("sign-out").click();
    await page.waitForURL((url) => url.pathname === "/auth/sign-in");
    await page.goto("/app/quotes");
    await page.waitForURL((url) => url.pathname === "/auth/sign-in");
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/app/quotes");

    // Sign in again (the return path is kept) and dismiss the toast with a click.
    await page.getByLabel("Work e-mail").fill(email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    const second = await toastWithText(page, "An e-mail with a log-in link was sent");
    await second.click();
    await second.waitFor({ state: "detached", timeout: 3_000 });
    await page.goto(linkFromOutbox(email));
    await page.waitForURL((url) => url.pathname === "/app/quotes");
    await context.close();
  });

  it("asks for the e-mail when the link is opened on another device, and refuses a used link", async () => {
    const email = `frank-${Date.now()}@example.test`;
    const first = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "nl-NL" });
    const page = await first.newPage();
    await page.goto("/nl/auth/sign-in?mode=sign-up");
    await page.getByLabel("Je naam").fill("Frank");
    await page.getByLabel("Zakelijk e-mailadres").fill(email);
    await page.getByLabel("Bedrijfsnaam").fill("Frank BV");
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    await page.waitForURL((url) => url.pathname === "/nl/auth/email-link-sent");
    const link = linkFromOutbox(email);
    expect(link).toContain("/nl/auth/email-link?token=");

    const other = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "nl-NL" });
    const phone = await other.newPage();
    await phone.goto(link);
    await phone.getByLabel("Vul ter bevestiging je e-mailadres in").fill(`someone-else-${email}`);
    await phone.getByRole("button", { name: "Doorgaan" }).click();
    await phone.getByText("Deze link is naar een ander e-mailadres gestuurd").waitFor();
    await phone.getByLabel("Vul ter bevestiging je e-mailadres in").fill(email);
    await phone.getByRole("button", { name: "Doorgaan" }).click();
    await phone.waitForURL((url) => url.pathname === "/nl/app");
    expect(await phone.getAttribute("html", "lang")).toBe("nl");

    // The same link again, on the first device: used up.
    await page.goto(link);
    await page.getByTestId("request-new-link").waitFor();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("ongeldig of al gebruikt");
    await first.close();
    await other.close();
  });

  it("signs in with Google (a local OpenID Connect provider) and completes the profile", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    await page.goto("/auth/sign-in");
    await page.getByTestId("google-sign-in").click();
    // The provider's own login and consent pages.
    await page.waitForURL((url) => url.origin === oidc.issuer);
    await page.locator('input[name="login"]').fill("greta");
    await page
      .locator('input[name="password"]')
      .fill("any")
      .catch(() => {});
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((url) => url.origin !== oidc.issuer || url.pathname.includes("interaction"));
    if (new URL(page.url()).origin === oidc.issuer) await page.locator('button[type="submit"]').first().click();

    await page.waitForURL((url) => url.pathname === "/complete-profile");
    await expect(page.getByLabel("Your name").inputValue()).resolves.toBe("User greta");
    await page.getByLabel("Company name").fill("Greta Goods");
    await page.getByRole("button", { name: "Continue to Offerly" }).click();
    await page.waitForURL((url) => url.pathname === "/app");
    await page.getByTestId("dashboard-account").filter({ hasText: "Greta Goods" }).waitFor();

    // A signed-in user who opens the sign-in page goes to the app.
    await page.goto("/auth/sign-in");
    await page.waitForURL((url) => url.pathname === "/app");
    await context.close();
  });
});
