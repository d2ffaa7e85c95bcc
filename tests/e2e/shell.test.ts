import { describe, expect, it } from "vitest";
import { e2eSuite } from "../support/e2e";
import { newContext } from "../support/browser";

// SIGTERM shuts the server down cleanly (exit code 0).
// The product's shell: a journey a person takes first, on the full Chromium (decision 080).
const e2e = e2eSuite({
  env: { PUBLIC_ANALYTICS_MEASUREMENT_ID: "G-E2ETEST", PUBLIC_ANALYTICS_PROJECT_ID: "offerly-e2e" },
  expectCleanStop: true,
  browser: "chromium",
});

describe("the product's shell in a browser", () => {
  it("reaches no host but loopback (the test browser's guard: tests/support/browser.ts)", async () => {
    // The page's CSP would refuse the request first: bypassed, so that the browser itself is tested.
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, bypassCSP: true });
    const page = await context.newPage();
    await page.goto("/");
    // The full Chromium, not its headless shell (decision 080): only the full browser has `window.chrome`.
    expect(await page.evaluate(() => "chrome" in window)).toBe(true);
    const failed: string[] = [];
    page.on("requestfailed", (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    // A page's own request to an outside host fails at name resolution, as an image would.
    const outcome = await page.evaluate(() =>
      fetch("https://www.example.com/", { mode: "no-cors" }).then(
        () => "reached",
        () => "refused",
      ),
    );
    expect(outcome).toBe("refused");
    expect(failed.join("\n")).toContain("ERR_NAME_NOT_RESOLVED");
    // Loopback still answers.
    expect(await page.evaluate(() => fetch("/healthz").then((r) => r.status))).toBe(200);
    await context.close();
  });

  it("shows / in English and /nl in Dutch, with lang, canonical and hreflang", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(`${e2e.server.url}/`);
    expect(await page.getAttribute('link[hreflang="nl"]', "href")).toBe(`${e2e.server.url}/nl`);
    await expect(page.getByRole("link", { name: "Sign in" }).first().isVisible()).resolves.toBe(true);

    await page.goto("/nl");
    expect(await page.getAttribute("html", "lang")).toBe("nl");
    expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(`${e2e.server.url}/nl`);
    await expect(page.getByRole("link", { name: "Inloggen" }).first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("redirects a Dutch browser to /nl, and the language switcher's choice sticks", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "nl-NL" });
    const page = await context.newPage();
    await page.goto("/pricing");
    expect(new URL(page.url()).pathname).toBe("/nl/pricing");
    expect(await page.getAttribute("html", "lang")).toBe("nl");

    await page.getByTestId("switch-locale-en").first().click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie).toMatchObject({ value: "en", path: "/", sameSite: "Lax" });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    // The cookie now wins over the Dutch browser.
    await page.goto("/features");
    expect(new URL(page.url()).pathname).toBe("/features");
    await context.close();
  });

  it("shows the path on the 404 page, with status 404, in both languages", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-title").textContent()).resolves.toBe("Page Not Found: /no/such/page");
    const nl = await page.goto("/nl/bestaat-niet");
    expect(nl?.status()).toBe(404);
    await expect(page.getByTestId("error-title").textContent()).resolves.toBe("Pagina niet gevonden: /nl/bestaat-niet");
    await context.close();
  });

  // The marketing pages are documents of their own (issue 27): a page opened from another page of
  // the site is the route change (its own document's dataLayer says page_changed).
  it("sends page_loaded, then page_changed with the path on navigation within the site", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on("console", (m) => m.type() === "error" && /Content Security Policy/.test(m.text()) && cspViolations.push(m.text()));
    await page.goto("/");
    const events = () =>
      page.evaluate(() =>
        (window.dataLayer ?? [])
          .map((entry) => Array.from(entry as ArrayLike<unknown>))
          .filter((args) => args[0] === "event")
          .map((args) => ({ name: args[1], path: (args[2] as { page_path: string }).page_path })),
      );
    await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
    expect(await events()).toEqual([{ name: "page_loaded", path: "/" }]);

    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    await page.waitForFunction(() => (window.dataLayer ?? []).some((entry) => (entry as ArrayLike<unknown>)[0] === "event"));
    expect(await events()).toEqual([{ name: "page_changed", path: "/pricing" }]);
    // A reload is a load.
    await page.reload();
    await page.waitForFunction(() => (window.dataLayer ?? []).some((entry) => (entry as ArrayLike<unknown>)[0] === "event"));
    expect(await events()).toEqual([{ name: "page_loaded", path: "/pricing" }]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
