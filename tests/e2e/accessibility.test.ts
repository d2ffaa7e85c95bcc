import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { type HttpSession, signUpOverHttp } from "../support/marketing";
import { type RunningServer, startServer } from "../support/server";

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules; violations of impact serious or critical) on every screen
 * of the product: the marketing site and the sign-in pages signed out, the app signed in with a
 * customer and quotes (draft and published), the public quote, the error pages — in English and
 * Dutch, on a desktop and a 375 px wide screen. No rule is left out.
 */

let server: RunningServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let owner: HttpSession;
let newcomer: HttpSession; // signed up without a company: /complete-profile
const data = { customerId: "", draftId: "", publishedId: "", publicUrl: { en: "", nl: "" } };

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const today = new Date().toISOString().slice(0, 10);
const QUOTE = "id url status";

beforeAll(async () => {
  server = await startServer();
  ({ browser, close: closeBrowser } = await launchBrowser());
  owner = await signUpOverHttp(server.url, server.dataDir, { name: "Ada Owner", company: "Studio Noord" });
  newcomer = await signUpOverHttp(server.url, server.dataDir, { name: "Nina Nieuw", company: null });

  const { createCustomer } = await owner.gql<{ createCustomer: { id: string } }>(
    "mutation ($input: CustomerInput!) { createCustomer(input: $input) { id } }",
    { input: { name: "Bakkerij de Vries", companyName: "De Vries BV", email: "info@devries.test", content: "Dorpsstraat 1\n1234 AB Ergens" } },
  );
  data.customerId = createCustomer.id;
  const create = (name: string, language: string) =>
    owner.gql<{ createQuote: { id: string } }>(`mutation ($input: QuoteInput!) { createQuote(input: $input) { ${QUOTE} } }`, {
      input: { name, customerId: data.customerId, language, currency: "EUR", quoteDateAt: today, quoteExpirationAt: "2099-12-31", signable: true },
    });
  const publish = async (id: string) => {
    const { publishQuote } = await owner.gql<{ publishQuote: { url: string; status: string } }>(`mutation ($id: ID!) { publishQuote(id: $id) { ${QUOTE} } }`, { id });
    expect(publishQuote.status).toBe("PUBLISHED");
    return publishQuote.url;
  };
  data.draftId = (await create("New website", "ENG")).createQuote.id;
  data.publishedId = (await create("Brand refresh", "ENG")).createQuote.id;
  data.publicUrl.en = await publish(data.publishedId);
  data.publicUrl.nl = await publish((await create("Nieuwe huisstijl", "NL")).createQuote.id);
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
});

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Found = { id: string; impact: string | null; targets: string[] };

/** axe-core's WCAG 2.x A/AA violations of the current page. */
async function axeViolations(page: Page): Promise<Found[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
}

const SERIOUS = new Set(["serious", "critical"]);
const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "375 px", viewport: { width: 375, height: 812 } },
] as const;
const LOCALES = [
  { locale: "en", prefix: "", accept: "en-US" },
  { locale: "nl", prefix: "/nl", accept: "nl-NL" },
] as const;

/** Every screen, by who may see it. Paths without the language prefix. */
function screens(locale: "en" | "nl") {
  return {
    signedOut: [
      "/",
      "/features",
      "/pricing",
      "/pricing?interval=yearly",
      "/faq",
      "/contact",
      "/blog",
      "/blog/anatomy-of-a-winning-quote",
      "/privacy-policy",
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/auth/sign-in",
      "/auth/sign-in?mode=sign-up",
      "/auth/email-link-sent",
      "/auth/email-link?token=not-a-valid-token-at-all",
      "/accept-invite",
    ],
    signedIn: [
      "/", // the marketing header of a signed-in visitor
      "/app",
      "/app/customers",
      "/app/customers/mutate",
      `/app/customers/mutate/${data.customerId}`,
      `/app/customers/mutate/${MISSING_ID}`,
      "/app/quotes",
      "/app/quotes/mutate",
      `/app/quotes/mutate/${data.draftId}`,
      `/app/quotes/mutate/${data.publishedId}`,
      `/app/quotes/mutate/${MISSING_ID}`,
      `/app/quoteblock/mutate/${data.draftId}`,
      "/app/templates",
      "/app/templates/mutate",
      "/app/settings",
      "/app/settings/billing",
      "/app/settings/billing/update",
      "/app/settings/styling",
      "/app/settings/team",
      "/app/settings/data",
    ],
    newcomer: ["/complete-profile"],
    anyone: [new URL(data.publicUrl[locale]).pathname, "/quote/no-such-quote/AAAAAAAAAAAAAAAAAAAAAAAA", "/no-such-page"],
  };
}

/** Opens each path as `session` (or signed out) and returns "path rule (impact): targets" for each serious or critical violation. */
async function audit(options: { locale: (typeof LOCALES)[number]; width: (typeof WIDTHS)[number]; session?: HttpSession; paths: string[]; localized?: boolean }) {
  // axe is injected as an inline script: CSP is bypassed for this check only.
  const context = await browser.newContext({
    baseURL: server.url,
    bypassCSP: true,
    viewport: options.width.viewport,
    locale: options.locale.accept,
    extraHTTPHeaders: { "Accept-Language": options.locale.accept },
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  if (options.session) await context.addCookies([{ ...options.session.cookie, url: server.url }]);
  const page = await context.newPage();
  const found: string[] = [];
  const others: string[] = [];
  for (const path of options.paths) {
    const url = options.localized === false ? path : `${options.locale.prefix}${path}`;
    await page.goto(url, { waitUntil: "networkidle" });
    // The screen itself, not a redirect to another one (e.g. to sign-in).
    expect(new URL(page.url()).pathname, url).toBe(url.split("?")[0]);
    for (const v of await axeViolations(page)) {
      const line = `${url} ${v.id} (${v.impact}): ${v.targets.join(" | ")}`;
      (SERIOUS.has(v.impact ?? "") ? found : others).push(line);
    }
  }
  await context.close();
  // Moderate and minor findings are printed for the record; they do not fail the check.
  if (others.length) console.log(`axe, moderate/minor (${options.locale.locale}, ${options.width.name}):\n${others.join("\n")}`);
  return found;
}

describe.each(LOCALES)("accessibility of every screen ($locale)", (locale) => {
  describe.each(WIDTHS)("at $name", (width) => {
    it("marketing and sign-in pages, signed out", { timeout: 180_000 }, async () => {
      expect(await audit({ locale, width, paths: screens(locale.locale).signedOut })).toEqual([]);
    });

    it("the app, signed in with a customer and draft and published quotes", { timeout: 180_000 }, async () => {
      expect(await audit({ locale, width, session: owner, paths: screens(locale.locale).signedIn })).toEqual([]);
    });

    it("completing the profile, the public quote and the error pages", { timeout: 120_000 }, async () => {
      const found = [
        ...(await audit({ locale, width, session: newcomer, paths: screens(locale.locale).newcomer })),
        // The public quote's address carries its own language (the quote's), not the visitor's.
        ...(await audit({ locale, width, paths: screens(locale.locale).anyone.slice(0, 1), localized: false })),
        ...(await audit({ locale, width, paths: screens(locale.locale).anyone.slice(1) })),
      ];
      expect(found).toEqual([]);
    });
  });
});
