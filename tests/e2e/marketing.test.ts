import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { e2eSuite, toastAtRest } from "../support/e2e";
import { newContext } from "../support/browser";
import { readOutbox, signUpOverHttp } from "../support/marketing";

const e2e = e2eSuite();

/** Collects console errors (hydration mismatches, CSP violations) of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** The marketing pages are server-rendered with one small island script (issue 27): waits until it has started. */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.island === "ready");

/** The accessible name of the focused element, roughly: aria-label, else its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "";
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (el.getAttribute("aria-label") ?? label ?? (el as HTMLElement).textContent ?? "").replace(/\s+/g, " ").trim();
  });
}

/** Moves the keyboard's starting point to the top of the page (as after loading it). */
async function startFromTheTop(page: Page) {
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute("tabindex");
  });
}

/**
 * Presses Tab (or Shift+Tab) from the top (or bottom) of the page until focus leaves the page or
 * comes back round; the names of what got focus, and whether that was in document order.
 */
async function keyboardWalk(page: Page, key: "Tab" | "Shift+Tab"): Promise<{ names: string[]; strictlyInOrder: boolean }> {
  await startFromTheTop(page);
  await page.evaluate(() => {
    for (const [i, el] of Array.from(document.querySelectorAll("body *")).entries()) el.setAttribute("data-walk", String(i));
  });
  const names: string[] = [];
  const positions: number[] = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press(key);
    const position = await page.evaluate(() => Number(document.activeElement?.getAttribute("data-walk") ?? -1));
    if (position < 0 && i === 0) continue; // Shift+Tab from the top may first leave the page
    if (position < 0 || positions.includes(position)) break; // left the page, or came round again
    positions.push(position);
    names.push(await focusedName(page));
  }
  const sign = key === "Tab" ? 1 : -1;
  return { names, strictlyInOrder: positions.every((p, i) => i === 0 || sign * (p - positions[i - 1]) > 0) };
}

describe("the marketing site in a browser", () => {
  it("goes home → pricing → yearly → start free trial", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto("/");
    await hydrated(page);
    // One "Language" landmark (the header's); the footer's copy is a plain group (issue 28).
    expect(await page.getByRole("navigation", { name: "Language" }).count()).toBe(1);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    expect(await page.getByTestId("price-BASIC").textContent()).toBe("€49");
    expect(await page.getByTestId("price-PRO").textContent()).toBe("€99");

    await page.getByTestId("interval-yearly").click();
    await page.waitForFunction(() => document.querySelector('[data-testid="price-BASIC"]')?.textContent === "€490");
    expect(await page.getByTestId("price-PRO").textContent()).toBe("€990");
    expect(await page.getByTestId("interval-yearly").getAttribute("aria-pressed")).toBe("true");
    expect(new URL(page.url()).searchParams.get("interval")).toBe("yearly");
    await expect(page.getByText("€40.83 per month, billed yearly").isVisible()).resolves.toBe(true);
    // €140 a year is €11.666… a month: rounded to €11.67, not cut off at €11.66.
    expect(await page.getByTestId("price-STARTER").textContent()).toBe("€140");
    await expect(page.getByText("€11.67 per month, billed yearly").isVisible()).resolves.toBe(true);

    await page.getByTestId("header-start-trial").click();
    await page.waitForURL((url) => url.pathname === "/auth/sign-in");
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe("/auth/sign-in?mode=sign-up");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("switches the pricing page to Dutch and back", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    await page.goto("/pricing");
    await page.getByTestId("switch-locale-nl").first().click();
    await page.waitForURL((url) => url.pathname === "/nl/pricing");
    expect(await page.getAttribute("html", "lang")).toBe("nl");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Eenvoudige prijzen, alle functies 14 dagen gratis");
    expect(await page.getByTestId("price-BASIC").textContent()).toMatch(/^€\s?49$/);

    await page.getByTestId("switch-locale-en").first().click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Simple prices, every feature free for 14 days");
    await context.close();
  });

  it("subscribes to the newsletter with a success toast that goes after about 5 s, or on click", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto("/contact");
    await hydrated(page);
    const toastLocator = page.locator('[data-toast-type="success"]');

    await page.getByLabel("E-mail address", { exact: true }).fill("e2e-reader@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await toastLocator.waitFor({ state: "visible", timeout: 10_000 });
    const shownAt = Date.now();
    expect(await toastLocator.textContent()).toContain("Almost done: check your inbox");
    expect(await page.getByLabel("E-mail address", { exact: true }).inputValue()).toBe(""); // the form was reset
    await toastLocator.waitFor({ state: "detached", timeout: 20_000 });
    const lifetime = Date.now() - shownAt;
    // About 5 s: not gone at once, not there for good (a loaded machine fires the page's timer late).
    expect(lifetime).toBeGreaterThan(4_000);
    expect(lifetime).toBeLessThan(15_000);

    // The confirmation e-mail went to the development outbox.
    expect(readOutbox(e2e.server.dataDir).filter((m) => m.to === "e2e-reader@example.com")).toHaveLength(1);

    // A second subscribe of the same address: still one subscription, the same friendly answer; a click dismisses the toast.
    await page.getByLabel("E-mail address", { exact: true }).fill("e2e-reader@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await toastLocator.waitFor({ state: "visible", timeout: 10_000 });
    const shownAgainAt = Date.now();
    await toastLocator.click();
    await toastLocator.waitFor({ state: "detached", timeout: 4_000 });
    // Gone sooner than the timer could have taken it (over 4 s, asserted above): the click did.
    expect(Date.now() - shownAgainAt).toBeLessThan(4_000);
    expect(readOutbox(e2e.server.dataDir).filter((m) => m.to === "e2e-reader@example.com")).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows field errors of the contact form without JavaScript", async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      javaScriptEnabled: false,
      locale: "nl-NL",
      extraHTTPHeaders: { "Accept-Language": "nl-NL" },
    });
    const page = await context.newPage();
    await page.goto("/nl/contact");
    await page.getByLabel("Je naam").fill("Jan");
    await page.getByLabel("Je bericht").fill("Hallo");
    await page.getByRole("button", { name: "Bericht versturen" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByTestId("contact-email-error").textContent()).toBe("Vul je e-mailadres in.");
    expect(await page.getByLabel("Je naam").inputValue()).toBe("Jan");
    await page.getByLabel("Je e-mailadres").fill("jan@example.com");
    await page.getByRole("button", { name: "Bericht versturen" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByTestId("contact-success").textContent()).toContain("Bedankt!");
    await context.close();
  });

  it("answers the contact form in place with JavaScript: Dutch errors from the server, focus on the summary, then the thanks", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "nl-NL" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto("/nl/contact");
    await hydrated(page);
    // A page load would lose this: the answer must come in the background.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.getByLabel("Je naam").fill("Jan");
    await page.getByLabel("Je bericht").fill("Hallo");
    await page.getByRole("button", { name: "Bericht versturen" }).click();
    await page.getByTestId("contact-email-error").waitFor();
    expect(await page.getByTestId("contact-email-error").textContent()).toBe("Vul je e-mailadres in.");
    expect(await page.getByTestId("contact-error").textContent()).toBe("Verbeter de velden die hieronder gemarkeerd zijn.");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("contact-error");
    expect(await page.getByLabel("Je naam").inputValue()).toBe("Jan");
    await page.getByLabel("Je e-mailadres").fill("jan@example.com");
    await page.getByRole("button", { name: "Bericht versturen" }).click();
    await page.getByTestId("contact-success").waitFor();
    expect(await page.getByTestId("contact-success").textContent()).toContain("Bedankt!");
    expect(await page.getByLabel("Je naam").inputValue()).toBe(""); // a new form for a new message
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/nl/contact");
    // The refused post answers 400 (as without JavaScript); Chromium logs that status, nothing else may be logged.
    expect(errors.filter((e) => !/status of 400 \(Bad Request\)/.test(e))).toEqual([]);
    await context.close();
  });

  it("answers a wrong newsletter address with an error toast and the field's error, in Dutch", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "nl-NL" });
    const page = await context.newPage();
    await page.goto("/nl/contact");
    await hydrated(page);
    await page.getByLabel("E-mailadres", { exact: true }).fill("geen-adres");
    await page.getByRole("button", { name: "Abonneren" }).click();
    await page.locator('[data-toast-type="error"]').waitFor({ state: "visible", timeout: 10_000 });
    expect(await page.getByTestId("newsletter-email-error").textContent()).toBe("Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.");
    expect(await page.getByLabel("E-mailadres", { exact: true }).inputValue()).toBe("geen-adres");
    await context.close();
  });

  it("switches the pricing interval and subscribes to the newsletter without JavaScript", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, javaScriptEnabled: false, locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/pricing");
    expect(await page.getByTestId("price-BASIC").textContent()).toBe("€49");
    await page.getByTestId("interval-yearly").click();
    await page.waitForURL((url) => url.searchParams.get("interval") === "yearly");
    expect(await page.getByTestId("price-BASIC").textContent()).toBe("€490");
    expect(await page.getByTestId("interval-yearly").getAttribute("aria-pressed")).toBe("true");
    await expect(page.getByText("€40.83 per month, billed yearly").isVisible()).resolves.toBe(true);
    await page.goto("/contact");
    await page.getByLabel("E-mail address", { exact: true }).fill("no-script-reader@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByTestId("newsletter-success").waitFor();
    expect(await page.getByTestId("newsletter-success").textContent()).toContain("Almost done: check your inbox");
    expect(readOutbox(e2e.server.dataDir).filter((m) => m.to === "no-script-reader@example.com")).toHaveLength(1);
    await context.close();
  });

  it("opens FAQ answers with the keyboard", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    await page.goto("/faq");
    const item = page.getByTestId("faq-trial");
    expect(await item.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await item.locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await item.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await expect(page.getByText("you get 14 days with every feature").isVisible()).resolves.toBe(true);
    await page.keyboard.press("Space");
    expect(await item.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });

  it("works at a 375 px wide screen: no sideways scrolling, and the menu opens", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width: 375, height: 740 }, locale: "en-US" });
    const page = await context.newPage();
    for (const path of ["/", "/pricing", "/features", "/faq", "/contact", "/blog", "/blog/anatomy-of-a-winning-quote", "/privacy-policy", "/nl/pricing"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
    }
    await page.goto("/");
    await hydrated(page);
    expect(await page.getByRole("navigation", { name: "Language" }).count()).toBe(0);
    await page.locator("header summary", { hasText: "Open menu" }).click();
    // On a phone the menu's language links are the one "Language" landmark.
    expect(await page.getByRole("navigation", { name: "Language" }).count()).toBe(1);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    await context.close();
  });
  it("keeps toasts out of the keyboard's way: Tab and Shift+Tab cross the whole page, and focus comes back after a dismissal", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto("/contact");
    await hydrated(page);
    await page.getByLabel("E-mail address", { exact: true }).fill("keyboard@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.locator("[data-toast-type]");
    await toast.waitFor({ state: "visible", timeout: 10_000 });
    await toast.hover(); // pauses the toast's timer while the keys are pressed
    const found = await keyboardWalk(page, "Tab");
    // In document order from the skip link, through the header, the page and the footer, to the toast.
    expect(found.strictlyInOrder, found.names.join(" → ")).toBe(true);
    expect(found.names[0]).toBe("Skip to content");
    expect(found.names).toContain("Offerly · Home");
    expect(found.names).toContain("Send message");
    expect(found.names).toContain("Privacy policy");
    expect(found.names.filter((name) => name.includes("Almost done"))).toHaveLength(1);
    const backwards = await keyboardWalk(page, "Shift+Tab");
    expect(backwards.strictlyInOrder, backwards.names.join(" → ")).toBe(true);
    expect(backwards.names).toEqual([...found.names].reverse());

    // Into the toast from the element before it, Enter: the toast goes and focus is back where it was.
    const before = found.names[found.names.length - 2];
    await startFromTheTop(page);
    for (let i = 0; i < found.names.length - 1; i++) await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe(before);
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toContain("Almost done");
    await page.keyboard.press("Enter");
    await toast.waitFor({ state: "detached", timeout: 3_000 });
    expect(await focusedName(page)).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows toasts below the header (bottom right), on a desktop and on a phone", async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport, locale: "en-US" });
      const page = await context.newPage();
      await page.goto("/contact");
      await hydrated(page);
      await page.getByLabel("E-mail address", { exact: true }).fill(`corner-${viewport.width}@example.com`);
      await page.getByRole("button", { name: "Subscribe" }).click();
      const toast = page.locator("[data-toast-type]");
      await toast.waitFor({ state: "visible", timeout: 10_000 });
      await toastAtRest(toast); // where it stays, not where it is while sliding in
      const box = (await toast.boundingBox())!;
      const header = (await page.locator("header").first().boundingBox())!;
      expect(box.y, `${viewport.width} px`).toBeGreaterThan(header.y + header.height);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      if (viewport.width > 600) expect(box.x).toBeGreaterThan(viewport.width / 2); // on the right
      await context.close();
    }
  });

  it("offers the app, not sign-in and a trial, to a visitor who is signed in", async () => {
    const session = await signUpOverHttp(e2e.server.url, e2e.server.dataDir, { name: "Sam Signed", company: "Signed BV" });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport, locale: "en-US" });
      await context.addCookies([{ ...session.cookie, url: e2e.server.url }]);
      const page = await context.newPage();
      await page.goto("/pricing");
      const header = page.locator("header").first();
      const goToApp = header.getByRole("link", { name: "Go to app" });
      expect(await goToApp.count()).toBe(1); // the desktop or the phone variant, whichever shows
      expect(await header.getByRole("link", { name: /Sign in|Start free trial|Free trial/ }).count()).toBe(0);
      expect(
        await page
          .locator("footer")
          .getByRole("link", { name: /Sign in|Start free trial/ })
          .count(),
      ).toBe(0);
      await hydrated(page);
      await goToApp.filter({ visible: true }).click();
      await page.waitForURL((url) => url.pathname === "/app");
      await context.close();
    }
    // Signed out, the same header offers sign-in and the trial.
    const visitor = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await visitor.newPage();
    await page.goto("/pricing");
    expect(await page.locator("header").first().getByRole("link", { name: "Go to app" }).count()).toBe(0);
    expect(await page.getByTestId("header-start-trial").isVisible()).toBe(true);
    await visitor.close();
  });

  it("closes the mobile menu with Escape and puts focus back on the menu button", async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: { width: 375, height: 740 },
      locale: "nl-NL",
      extraHTTPHeaders: { "Accept-Language": "nl-NL" },
    });
    const page = await context.newPage();
    await page.goto("/nl");
    await hydrated(page);
    const menu = page.locator("header details");
    const button = menu.locator("summary");
    await button.focus();
    await page.keyboard.press("Enter");
    expect(await menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await page.keyboard.press("Tab"); // into the menu: its first link
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Functies");
    await page.keyboard.press("Escape");
    expect(await menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it("shows a Dutch blog post with Dutch tags under a Dutch label", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "nl-NL" });
    const page = await context.newPage();
    await page.goto("/nl/blog/anatomy-of-a-winning-quote");
    expect(await page.getByTestId("post-tags-label").textContent()).toBe("Onderwerpen: ");
    expect(await page.getByTestId("post-tag").allTextContents()).toEqual(["opbouw", "schrijven", "verkoop"]);
    await page.goto("/blog/anatomy-of-a-winning-quote?setLocale=en");
    expect(await page.getByTestId("post-tags-label").textContent()).toBe("Tags: ");
    expect(await page.getByTestId("post-tag").allTextContents()).toEqual(["structure", "writing", "sales"]);
    await context.close();
  });

  it("ticks the features each plan has, and promises nothing the product does not have", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    for (const [prefix, soon] of [
      ["", "Coming soon"],
      ["/nl", "Binnenkort"],
    ] as const) {
      await page.goto(`${prefix}/pricing`);
      // Every feature a plan sells is built now (issues 13–26): nothing on the page says "coming soon".
      expect(await page.locator("main").textContent()).not.toContain(soon);
      // Ticked for the plans that have them.
      for (const [feature, plans] of [
        ["tracking", 3],
        ["pdf", 3],
        ["signing", 2],
        ["developerApi", 2], // issue 23: webhooks, API keys and the REST API on Basic and Pro
        ["integrations", 2], // issue 24: Slack, Harvest and Zapier on Basic and Pro
        ["customDomain", 1], // issue 25: the account's own domain on Pro
        ["docusign", 1], // issue 25: DocuSign on Pro
      ] as const) {
        const row = page.getByTestId(`compare-${feature}`);
        expect(await row.locator("img").count(), feature).toBe(plans);
        expect(await row.textContent(), feature).not.toContain(soon);
      }
      expect(await page.getByTestId("compare-quotes").locator("img").count()).toBe(3);
      expect(await page.getByTestId("compare-publicLink").locator("img").count()).toBe(3);
      for (const feature of ["blocks", "templates", "team"]) expect(await page.getByTestId(`compare-${feature}`).locator("img").count(), feature).toBe(3);

      await page.goto(`${prefix}/features`);
      expect(await page.locator("main").textContent()).not.toContain(soon);
      for (const feature of ["signing", "tracking", "pdf", "integrations", "customDomain", "docusign"])
        expect(await page.getByTestId(`feature-badges-${feature}`).first().getAttribute("data-available"), feature).toBe("true");
      expect(await page.getByTestId("feature-badges-publicLink").textContent()).not.toContain(soon);
    }
    await context.close();
  });
});
