import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { animationsDone, e2eSuite, ready, trackRequests } from "./e2e";
import { type HttpSession, signUpOverHttp } from "./marketing";

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules; violations of impact serious or critical) on every screen
 * of the product: the marketing site and the sign-in pages signed out, the app signed in with a
 * customer and quotes (draft and published), the public quote, the error pages. No rule is left
 * out. Used by tests/e2e/accessibility-{en,nl}.test.ts (two files, so the browser suite runs them
 * side by side): every screen in both languages on a desktop; at 375 px, in English, one screen of
 * each layout and kind (phoneScreens: what changes at a phone's width is the layout's, checked
 * once) and the public quote with its signing form in Dutch too (what customers open on a phone).
 * docs/decisions/044-ci-budget.md.
 */

let owner: HttpSession;
let newcomer: HttpSession; // signed up without a company: /complete-profile
const data = {
  customerId: "",
  draftId: "",
  publishedId: "",
  signedId: "",
  textBlockId: "",
  pricingBlockId: "",
  templateId: "",
  publicUrl: { en: "", nl: "" },
  signedUrl: "",
};

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const today = new Date().toISOString().slice(0, 10);
const QUOTE = "id url status";

let e2e: ReturnType<typeof e2eSuite>;

/** Declares the suite's server and browser, and the data every screen shows (in a beforeAll). */
export function accessibilitySuite(): void {
  e2e = e2eSuite();

  beforeAll(async () => {
    owner = await signUpOverHttp(e2e.server.url, e2e.server.dataDir, { name: "Ada Owner", company: "Studio Noord" });
    newcomer = await signUpOverHttp(e2e.server.url, e2e.server.dataDir, { name: "Nina Nieuw", company: null });

    const { createCustomer } = await owner.gql<{ createCustomer: { id: string } }>(
      "mutation ($input: CustomerInput!) { createCustomer(input: $input) { id } }",
      {
        input: { name: "Bakkerij de Vries", companyName: "De Vries BV", email: "info@devries.test", content: "Dorpsstraat 1\n1234 AB Ergens" },
      },
    );
    data.customerId = createCustomer.id;
    const create = (name: string, language: string) =>
      owner.gql<{ createQuote: { id: string } }>(`mutation ($input: QuoteInput!) { createQuote(input: $input) { ${QUOTE} } }`, {
        input: { name, customerId: data.customerId, language, currency: "EUR", quoteDateAt: today, quoteExpirationAt: "2099-12-31", signable: true },
      });
    const publish = async (id: string) => {
      const { publishQuote } = await owner.gql<{ publishQuote: { url: string; status: string } }>(
        `mutation ($id: ID!) { publishQuote(id: $id) { ${QUOTE} } }`,
        {
          id,
        },
      );
      expect(publishQuote.status).toBe("PUBLISHED");
      return publishQuote.url;
    };
    data.draftId = (await create("New website", "ENG")).createQuote.id;
    data.publishedId = (await create("Brand refresh", "ENG")).createQuote.id;
    data.publicUrl.en = await publish(data.publishedId);
    data.publicUrl.nl = await publish((await create("Nieuwe huisstijl", "NL")).createQuote.id);

    // Blocks on the draft (the block editor of an existing text and pricing block, with an optional
    // line), a template, and a quote the customer signed (the owner's signing panel).
    const paragraph = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
    const addBlocks = async (quoteId: string) => {
      const text = await owner.gql<{ createTextQuoteBlock: { id: string } }>(
        "mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }",
        {
          q: quoteId,
          i: { name: "Introduction", content: paragraph("Thank you for your request.") },
        },
      );
      const line = { vatRate: "21", recurring: false };
      const pricing = await owner.gql<{ createPricingQuoteBlock: { id: string } }>(
        "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
        {
          q: quoteId,
          i: {
            name: "Work",
            content: paragraph("What we do."),
            pricingUnit: "DAY",
            lineItems: [
              { ...line, name: "Design", price: "125.00", amount: "8", optional: false, selected: false },
              { ...line, name: "Maintenance", price: "150.00", amount: "1", optional: true, selected: false },
            ],
          },
        },
      );
      return { text: text.createTextQuoteBlock.id, pricing: pricing.createPricingQuoteBlock.id };
    };
    const blocks = await addBlocks(data.draftId);
    data.textBlockId = blocks.text;
    data.pricingBlockId = blocks.pricing;
    data.templateId = (
      await owner.gql<{ createTextTemplateBlock: { id: string } }>("mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }", {
        i: { name: "Terms", content: paragraph("Payment within 30 days.") },
      })
    ).createTextTemplateBlock.id;
    data.signedId = (await create("Signed website", "ENG")).createQuote.id;
    await addBlocks(data.signedId);
    data.signedUrl = await publish(data.signedId);
    const nanoId = new URL(data.signedUrl).pathname.split("/").pop();
    const signed = await fetch(`${e2e.server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({
        query: "mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { nanoId } }",
        variables: { nanoId, input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true } },
      }),
    });
    expect(await signed.json()).toMatchObject({ data: { createQuoteSignature: { nanoId } } });
  }, 180_000);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core served over HTTP by the test process (one small server per worker), cacheable: each page
 * loads it with a script tag from the context's HTTP cache, and Chromium reuses its compiled code.
 * Injected inline (its 550 KB sent over the DevTools protocol and compiled on every page) it took
 * longer than the audit itself (≈ 450 ms against ≈ 100 ms a page, decision 044 ninth pass). The
 * audit's contexts bypass CSP (a script from another origin), as they did for the inline copy.
 */
let axeServer: Promise<string> | undefined;
function axeUrl(): Promise<string> {
  axeServer ??= new Promise((resolve, reject) => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400, immutable" });
      response.end(axeSource);
    });
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.unref(); // the worker may exit with it open
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`);
    });
  });
  return axeServer;
}

type Found = { id: string; impact: string | null; targets: string[] };

/** axe-core's WCAG 2.x A/AA violations of the current page. */
async function axeViolations(page: Page): Promise<Found[]> {
  // Still there after a navigation inside the app (the document stays): loaded once per document.
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ url: await axeUrl() });
  await animationsDone(page);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
}

const SERIOUS = new Set(["serious", "critical"]);
export const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "375 px", viewport: { width: 375, height: 812 } },
] as const;
export const LOCALES = [
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
      `/app/quoteblock/mutate/${data.draftId}?kind=PRICING`,
      `/app/quoteblock/mutate/${data.draftId}/${data.textBlockId}`,
      `/app/quoteblock/mutate/${data.draftId}/${data.pricingBlockId}`,
      `/app/quotes/mutate/${data.signedId}`,
      "/app/templates",
      "/app/templates/mutate",
      `/app/templates/mutate/${data.templateId}`,
      "/app/settings",
      "/app/settings/billing",
      "/app/settings/billing/update",
      "/app/settings/styling",
      "/app/settings/team",
      "/app/settings/data",
      "/app/settings/developers",
      "/app/settings/integrations",
      "/app/settings/domain",
    ],
    newcomer: ["/complete-profile"],
    anyone: [new URL(data.publicUrl[locale]).pathname, new URL(data.signedUrl).pathname, "/quote/no-such-quote/AAAAAAAAAAAAAAAAAAAAAAAA", "/no-such-page"],
  };
}

/**
 * Opens `url` the way a person goes from one app screen to the next: through the app's router when
 * the page holds the app and the screen is one of its own (under `appPrefix`), as a link does;
 * otherwise loaded as a document (the first app screen, marketing, sign-in and public pages, which
 * are documents of their own). A screen reached by the router is the same markup the server renders
 * (hydration would fail otherwise), and it is how the app's screens are reached after the first; a
 * document load of each costs a second of the browser's CPU (the app's scripts parsed, run and
 * hydrated again) and axe injected again (decision 044, ninth pass). The app's screens are loaded as
 * documents in every other browser file.
 */
async function visit(page: Page, url: string, appPrefix: string): Promise<void> {
  const inApp = (pathname: string) => pathname === appPrefix || pathname.startsWith(`${appPrefix}/`);
  const here = page.url().startsWith("http") ? new URL(page.url()).pathname : "";
  const byRouter =
    inApp(here) &&
    inApp(url.split("?")[0]) &&
    (await page.evaluate(
      () => typeof (window as unknown as { __reactRouterDataRouter?: { navigate?: unknown } }).__reactRouterDataRouter?.navigate === "function",
    ));
  if (byRouter) {
    await page.evaluate(async (to) => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter;
      await router.navigate(to);
      // The router has the new location; React renders it in a transition after this task: wait
      // for that commit (the screen's markup changing), so its queries are in flight for `ready`
      // and axe never reads the screen before.
      let committed = false;
      const observer = new MutationObserver(() => {
        committed = true;
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      const deadline = performance.now() + 10_000;
      while (!committed && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      observer.disconnect();
      if (!committed) throw new Error(`${to}: the router navigated but the screen did not change within 10 s`);
    }, url);
  } else {
    await page.goto(url, { waitUntil: "load" });
  }
  await ready(page);
}

/** Opens each path as `session` (or signed out) and returns "path rule (impact): targets" for each serious or critical violation. */
async function audit(options: {
  locale: (typeof LOCALES)[number];
  width: (typeof WIDTHS)[number];
  session?: HttpSession;
  paths: string[];
  localized?: boolean;
  /** Run on each page before the check (e.g. open a form or a dialog: axe checks what is shown). */
  act?: (page: Page) => Promise<void>;
}) {
  // axe is injected as an inline script: CSP is bypassed for this check only.
  const context = await e2e.browser.newContext({
    baseURL: e2e.server.url,
    bypassCSP: true,
    viewport: options.width.viewport,
    locale: options.locale.accept,
    extraHTTPHeaders: { "Accept-Language": options.locale.accept },
  });
  if (options.session) await context.addCookies([{ ...options.session.cookie, url: e2e.server.url }]);
  const page = await context.newPage();
  trackRequests(page); // every request counts for `ready` (installed before the first navigation)
  const found: string[] = [];
  const others: string[] = [];
  for (const path of options.paths) {
    const url = options.localized === false ? path : `${options.locale.prefix}${path}`;
    await visit(page, url, `${options.locale.prefix}/app`);
    // The screen itself, not a redirect to another one (e.g. to sign-in).
    expect(new URL(page.url()).pathname, url).toBe(url.split("?")[0]);
    await options.act?.(page);
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

export type Width = (typeof WIDTHS)[number];
export type Locale = (typeof LOCALES)[number];

/**
 * At a phone's width, one screen of each layout and each kind (what rearranges below 640 px: the
 * marketing header's menu, the pricing table, an article, the sign-in form; the app's navigation,
 * a list, a form, the quote editor, a block editor with pricing lines, settings with tabs), not
 * every screen again: axe's rules read the same markup at both widths except where the layout
 * changes it, and each layout and kind of screen is here (decision 044, third pass: the full
 * 375 px pass cost a third of the browser suite). Every screen is audited on a desktop.
 */
function phoneScreens(all: ReturnType<typeof screens>) {
  return {
    signedOut: ["/", "/pricing", "/blog/anatomy-of-a-winning-quote", "/auth/sign-in?mode=sign-up"],
    signedIn: [
      "/app",
      "/app/quotes",
      `/app/customers/mutate/${data.customerId}`,
      `/app/quotes/mutate/${data.draftId}`,
      `/app/quotes/mutate/${data.publishedId}`,
      `/app/quoteblock/mutate/${data.draftId}/${data.pricingBlockId}`,
      "/app/templates",
      "/app/settings",
      "/app/settings/billing",
      "/app/settings/styling",
      "/app/settings/developers",
    ],
    newcomer: all.newcomer,
    anyone: all.anyone,
  };
}

/**
 * The checks at one language and width; `only: "public quote"` keeps the customer's pages;
 * `phone: "representative"` audits one screen of each layout and kind (phoneScreens).
 */
export function describeAccessibility(locale: Locale, width: Width, options: { only?: "public quote"; phone?: "representative" } = {}): void {
  const screensAt = (l: "en" | "nl") => (options.phone ? phoneScreens(screens(l)) : screens(l));
  describe(`accessibility of every screen (${locale.locale}) at ${width.name}`, () => {
    if (!options.only) {
      it("marketing and sign-in pages, signed out", { timeout: 180_000 }, async () => {
        expect(await audit({ locale, width, paths: screensAt(locale.locale).signedOut })).toEqual([]);
      });

      it("the app, signed in with a customer and draft and published quotes", { timeout: 180_000 }, async () => {
        expect(await audit({ locale, width, session: owner, paths: screensAt(locale.locale).signedIn })).toEqual([]);
      });

      it("completing the profile, the public quote and the error pages", { timeout: 120_000 }, async () => {
        const found = [
          ...(await audit({ locale, width, session: newcomer, paths: screens(locale.locale).newcomer })),
          // The public quote's address carries its own language (the quote's), not the visitor's.
          ...(await audit({ locale, width, paths: screens(locale.locale).anyone.slice(0, 2), localized: false })),
          ...(await audit({ locale, width, paths: screens(locale.locale).anyone.slice(2) })),
        ];
        expect(found).toEqual([]);
      });
    } else {
      it("the public quotes (published and signed)", { timeout: 120_000 }, async () => {
        expect(await audit({ locale, width, paths: screens(locale.locale).anyone.slice(0, 2), localized: false })).toEqual([]);
      });
    }

    it("the public quote's signing form, open with each signing method, and the owner's signature form", { timeout: 120_000 }, async () => {
      const publicPath = screens(locale.locale).anyone[0];
      const signingForm = (method: "Draw|Teken" | "Type|Typ") => async (page: Page) => {
        await page.getByTestId("signing").locator("summary").click();
        await page.getByRole("radio", { name: new RegExp(`^(${method})`) }).check();
        // Submitting empty shows every field's error (their colours are checked too).
        await page.getByTestId("signing").locator("button[type=submit]").click();
        await page.locator("[data-error]:not(:empty)").first().waitFor();
      };
      const found = [
        ...(await audit({ locale, width, paths: [publicPath], localized: false, act: signingForm("Draw|Teken") })),
        ...(await audit({ locale, width, paths: [publicPath], localized: false, act: signingForm("Type|Typ") })),
        ...(await audit({
          locale,
          width,
          session: owner,
          paths: [`/app/quotes/mutate/${data.signedId}`],
          act: async (page) => {
            await page.getByTestId("add-signature").click();
            await page.getByTestId("account-signature-form").waitFor();
          },
        })),
      ];
      expect(found).toEqual([]);
    });
  });
}
