import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { axeViolations, e2eSuite, hydrated, newPhoneContext, open, scrollWidth, signedInApp, toastWithText, watchErrors } from "../support/e2e";

let logoFile: string;

const e2e = e2eSuite();

beforeAll(async () => {
  logoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "offerly-logo-")), "logo.png");
  await sharp({ create: { width: 600, height: 200, channels: 4, background: "#c2410c" } })
    .png()
    .toFile(logoFile);
});
afterAll(() => {
  fs.rmSync(path.dirname(logoFile), { recursive: true, force: true });
});

describe("account settings in a browser", () => {
  it("fills the general settings in Dutch: per-country errors, then saved", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "nl-NL" });
    let errors: string[] = [];
    const page = await signedInApp(context, e2e.server, "Studio Noord", "/nl", {
      at: "/nl/app/settings",
      beforeOpen: (p) => {
        errors = watchErrors(p);
      },
    });
    const form = page.getByTestId("general-settings-form");
    await form.waitFor();
    await form.getByLabel("Bedrijfsnaam").fill("Studio Noord B.V.");
    await form.getByLabel("Land").first().selectOption("NL");
    await form.getByLabel("Btw-nummer").fill("NL12345");
    await form.getByLabel("Postcode").last().fill("SW1A 1AA");
    await page.getByTestId("settings-save").click();
    await page.getByText("Een Nederlands btw-nummer ziet eruit als NL123456789B01.").waitFor();
    await page.getByText("Vul een Nederlandse postcode in, zoals 1234 AB.").waitFor();
    await form.getByLabel("Btw-nummer").fill("nl123456789b01");
    await form.getByLabel("Postcode").last().fill("1015cd");
    await form.getByLabel("Straat en huisnummer").last().fill("Keizersgracht 1");
    await form.getByLabel("Plaats").last().fill("Amsterdam");
    await form.getByLabel("Voornaam").fill("Anna");
    await e2e.shot(page, "settings-general-nl-desktop");
    await page.getByTestId("settings-save").click();
    await toastWithText(page, "Opgeslagen");
    // The stored, normalised values come back into the form.
    await expect.poll(() => form.getByLabel("Btw-nummer").inputValue()).toBe("NL123456789B01");
    await expect.poll(() => form.getByLabel("Postcode").last().inputValue()).toBe("1015 CD");
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => form.getByLabel("Bedrijfsnaam").inputValue()).toBe("Studio Noord B.V.");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("uploads a logo and sees it in the preview; a low-contrast colour warns; styling is saved", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signedInApp(context, e2e.server, "Logo Studio", "", { at: "/app/settings/styling" });
    await page.getByTestId("styling-preview").waitFor();
    // Each control has a name of its own (issue 28): the text field, and the picker beside it.
    for (const label of ["Text colour", "Link colour"]) {
      expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
      expect(await page.getByLabel(`${label}: pick a colour`, { exact: true }).count(), label).toBe(1);
    }
    expect(await page.getByTestId("preview-logo").count()).toBe(0);
    await page.getByTestId("logo-input").setInputFiles(logoFile);
    await toastWithText(page, "Logo saved");
    const logo = page.getByTestId("preview-logo");
    await logo.waitFor();
    const src = await logo.getAttribute("src");
    expect(src).toMatch(/^\/files\/logos\/[A-Za-z0-9_-]{22}\.png\?v=1$/);
    // The image really loads (served by /files, allowed by the CSP).
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);

    // A pale text colour: the warning, and the preview's text takes the colour.
    await page.getByTestId("textColor-input").fill("#aaaaaa");
    await page.getByTestId("textColor-contrast-warning").waitFor();
    expect(await page.getByTestId("textColor-contrast-warning").textContent()).toContain("2.32:1");
    await expect.poll(() => page.getByTestId("quote-document-title").evaluate((el) => getComputedStyle(el).color)).toBe("rgb(170, 170, 170)");
    await page.getByTestId("textColor-input").fill("#1f2937");
    await expect.poll(() => page.getByTestId("textColor-contrast-warning").count()).toBe(0);
    await page.getByTestId("linkColor-input").fill("#c2410c");
    await expect.poll(() => page.getByTestId("preview-link").evaluate((el) => getComputedStyle(el).color)).toBe("rgb(194, 65, 12)");
    await page.getByTestId("textFont-select").selectOption("MERRIWEATHER");
    await expect.poll(() => page.getByTestId("styling-preview").evaluate((el) => getComputedStyle(el).fontFamily)).toContain("Merriweather");
    // The bundled font is loaded from our own assets.
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Merriweather"'))).toBe(true);
    await page.getByTestId("styling-save").click();
    await toastWithText(page, "Saved");
    await e2e.shot(page, "settings-styling-en-desktop");
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => page.getByTestId("linkColor-input").inputValue()).toBe("#c2410c");

    // Remove, after a confirmation.
    await page.getByRole("button", { name: "Remove logo" }).click();
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "Removed");
    await expect.poll(() => page.getByTestId("preview-logo").count()).toBe(0);
    await context.close();
  });

  it("creates a second account from the account menu and switches between the two", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signedInApp(context, e2e.server, "First Co");
    // A click before hydration opens nothing (the menu is React's): wait for it, then for the menu.
    await hydrated(page);
    await page.getByRole("button", { name: "Settings" }).click();
    // The account menu: account, billing, styling, team, your data, upgrade, support, new account, sign out.
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem").last().waitFor();
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual([
      "Account",
      "Billing",
      "Styling",
      "Team",
      "Your data",
      "Upgrade",
      "Support",
      "New account",
      "Sign out",
    ]);
    expect(await page.getByTestId("menu-upgrade").getAttribute("href")).toBe("/app/settings/billing");
    await e2e.shot(page, "account-menu-en-desktop");
    await page.getByTestId("menu-new-account").click();
    await page.locator("dialog[open]").waitFor();
    await e2e.shot(page, "new-account-dialog-en-desktop");
    await page.locator("dialog[open]").getByLabel("Company name", { exact: true }).fill("Second Co");
    await page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click();
    await page.waitForURL((url) => url.pathname === "/app/settings" && !url.search.includes("new-account"));
    const switcher = page.getByTestId("account-switcher");
    await switcher.waitFor();
    expect(await switcher.locator("option:checked").textContent()).toBe("Second Co");
    await expect.poll(() => page.getByTestId("general-settings-form").getByLabel("Company name").inputValue()).toBe("Second Co");
    await switcher.selectOption({ label: "First Co" });
    await page.waitForLoadState("networkidle");
    await expect.poll(() => page.getByTestId("general-settings-form").getByLabel("Company name").inputValue()).toBe("First Co");
    await context.close();
  });

  it("fits a 375 px screen in English and Dutch", async () => {
    for (const [locale, prefix] of [
      ["en-US", ""],
      ["nl-NL", "/nl"],
    ] as const) {
      const context = await newPhoneContext(e2e.browser, e2e.server.url, locale);
      const page = await signedInApp(context, e2e.server, `Phone Co ${locale}`, prefix);
      for (const screen of ["settings", "settings/styling"]) {
        await open(page, `${prefix}/app/${screen}`);
        await page.getByTestId(screen === "settings" ? "general-settings-form" : "styling-preview").waitFor();
        expect(await scrollWidth(page), `${locale} ${screen}`).toBeLessThanOrEqual(375);
        expect(await axeViolations(page), `${locale} ${screen}`).toEqual([]);
        await e2e.shot(page, `${screen.replace("/", "-")}-${locale}-375`);
      }
      await context.close();
    }
  });
});
