import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { e2eSuite, hydrated, linkFromOutbox, open, toastWithText, watchErrors } from "../support/e2e";

/**
 * The core journey by keyboard alone (issue 16 §5): sign up → a customer → a quote with a text block
 * and a pricing block → publish → the customer signs on the public page (typed signature) → the
 * owner adds theirs and marks the quote signed. Only `page.keyboard` moves and acts: every control
 * is reached with Tab / Shift+Tab (`tabTo` fails when it cannot be reached), and each one shows a
 * visible focus indicator when it is reached. Opening a page by its address (the e-mail link, the
 * link the owner sends) is what a person does in the address bar.
 */
const e2e = e2eSuite();

const MAX_TABS = 80;

/** Whether the element has the focus. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement).catch(() => false);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, then checks that the focus is
 * visible (an outline, a ring or a changed border/background under :focus-visible).
 */
async function tabTo(page: Page, target: Locator, options: { back?: boolean } = {}): Promise<void> {
  await target.waitFor({ state: "visible" });
  for (let presses = 0; presses <= MAX_TABS; presses++) {
    if (await isFocused(target)) {
      expect(await focusIndicator(target), `no visible focus on ${target}`).toBe(true);
      return;
    }
    await page.keyboard.press(options.back ? "Shift+Tab" : "Tab");
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${target} is not reachable with ${options.back ? "Shift+Tab" : "Tab"} (focus is on ${focused})`);
}

/**
 * Whether the focused element draws a focus indicator under :focus-visible: an outline or a ring
 * (box-shadow) on it, or a ring on a close wrapper styled with :focus-within (the rich-text editor).
 */
function focusIndicator(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    if (!el.matches(":focus-visible")) return false;
    const drawn = (node: Element) => {
      const style = getComputedStyle(node);
      return (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== "none" && style.boxShadow !== "");
    };
    if (drawn(el)) return true;
    let wrapper = el.parentElement;
    for (let depth = 0; wrapper && depth < 3; depth++, wrapper = wrapper.parentElement) if (drawn(wrapper)) return true;
    return false;
  });
}

/** Where the focus is, for a message: the focused element's opening tag, or "body" when it was lost. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? "body" : el.outerHTML.slice(0, el.outerHTML.indexOf(">") + 1);
  });
}

/** Reaches a field by Tab and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

describe("the core journey by keyboard alone", () => {
  it("signs up, builds and publishes a quote; the customer signs; the owner marks it signed", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // Sign up.
    await open(page, "/auth/sign-in?mode=sign-up");
    const email = `keys-${Date.now()}@example.test`;
    await typeInto(page, page.locator('input[name="name"]'), "Kees Keyboard");
    await typeInto(page, page.locator('input[name="email"]'), email);
    await typeInto(page, page.locator('input[name="companyName"]'), "Toetsenbord BV");
    await tabTo(page, page.locator('form button[type="submit"]'));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.endsWith("/auth/email-link-sent"));
    await page.goto(linkFromOutbox(e2e.server.dataDir, email));
    await page.waitForURL((url) => url.pathname === "/app");
    await hydrated(page);

    // A customer, through the main navigation.
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await tabTo(page, nav.getByRole("link", { name: "Customers" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/app/customers");
    await tabTo(page, page.getByRole("link", { name: /New customer/ }).first());
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/app/customers/mutate");
    await typeInto(page, page.getByLabel("Name", { exact: true }), "Bakkerij de Vries");
    await tabTo(page, page.getByRole("button", { name: "Save customer" }));
    await page.keyboard.press("Enter");
    await toastWithText(page, "customer saved");
    await page.waitForURL((url) => url.pathname === "/app/customers");
    await e2e.shot(page, "keyboard-customers");

    // A quote for them.
    await tabTo(page, nav.getByRole("link", { name: "Quotes" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/app/quotes");
    await tabTo(page, page.getByTestId("new-quote").first());
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/app/quotes/mutate");
    await typeInto(page, page.getByLabel("Title"), "Nieuwe website");
    await tabTo(page, page.getByLabel("Customer"));
    await page.keyboard.press("ArrowDown");
    expect(await page.getByLabel("Customer").evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe("Bakkerij de Vries");
    await tabTo(page, page.getByRole("button", { name: "Create quote" }));
    await e2e.shot(page, "keyboard-quote-form");
    await page.keyboard.press("Enter");
    await toastWithText(page, "Quote created");
    await page.waitForURL((url) => /^\/app\/quotes\/mutate\/[0-9a-f-]{36}$/.test(url.pathname));
    const quotePath = new URL(page.url()).pathname;
    await page.getByTestId("quote-blocks-editor").waitFor();

    // A text block.
    await tabTo(page, page.getByTestId("add-text-block"));
    await page.keyboard.press("Enter");
    await typeInto(page, page.getByLabel("Name", { exact: true }), "Introduction");
    await tabTo(
      page,
      page.getByTestId("rich-text-input").locator("[contenteditable=true]").or(page.locator("[data-testid=rich-text-input][contenteditable=true]")).first(),
    );
    await page.keyboard.type("Thank you for your request.");
    await tabTo(page, page.getByTestId("save-block").first());
    await page.keyboard.press("Enter");
    await toastWithText(page, "Saved");
    await tabTo(page, page.getByRole("link", { name: "Back to the quote" }).first(), { back: true });
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === quotePath);

    // A pricing block with one line.
    await tabTo(page, page.getByTestId("add-pricing-block"));
    await page.keyboard.press("Enter");
    await typeInto(page, page.getByLabel("Name", { exact: true }), "Work");
    const line = page.getByTestId("line-item").first();
    await typeInto(page, line.getByTestId("line-name"), "Design");
    await typeInto(page, line.getByTestId("line-price"), "1000");
    await e2e.shot(page, "keyboard-pricing-block");
    await tabTo(page, page.getByTestId("save-block").first());
    await page.keyboard.press("Enter");
    await toastWithText(page, "Saved");
    await tabTo(page, page.getByRole("link", { name: "Back to the quote" }).first(), { back: true });
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === quotePath);
    await page.getByTestId("block-item").nth(1).waitFor();

    // Publish, confirmed in the dialog: focus moves into it and comes back when it closes.
    const publish = page.getByTestId("publish-quote");
    await tabTo(page, publish);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await tabTo(page, dialog.getByTestId("confirm-dialog-confirm"));
    await page.keyboard.press("Enter");
    await toastWithText(page, "Quote published");
    await page.locator('[data-testid="quote-status"][data-status="PUBLISHED"]').waitFor();
    // The focus is not lost when the Publish button goes: it moves to Withdraw, which replaced it.
    await expect.poll(() => isFocused(page.getByTestId("withdraw-quote"))).toBe(true);
    const url = await page.getByTestId("public-url").inputValue();
    await e2e.shot(page, "keyboard-published");

    // The customer signs (the public page is server-rendered with a small script, no app).
    const customer = await (await newContext(e2e.browser, { baseURL: e2e.server.url })).newPage();
    const customerErrors = watchErrors(customer);
    await customer.goto(url, { waitUntil: "networkidle" });
    await tabTo(customer, customer.getByTestId("signing").locator("summary"));
    await customer.keyboard.press("Enter");
    await typeInto(customer, customer.getByLabel("Your name", { exact: true }), "Daan de Vries");
    // The drawn signature has a typed alternative: the radio group, by arrow keys.
    await tabTo(customer, customer.getByRole("radio", { name: /Draw/ }));
    await customer.keyboard.press("ArrowRight");
    expect(await customer.getByRole("radio", { name: /Type/ }).isChecked()).toBe(true);
    await typeInto(customer, customer.getByLabel("Type your name as your signature"), "Daan de Vries");
    await tabTo(customer, customer.getByRole("checkbox", { name: /agree/ }));
    await customer.keyboard.press("Space");
    await tabTo(customer, customer.getByRole("button", { name: "Sign quote" }));
    await e2e.shot(customer, "keyboard-customer-signing");
    await customer.keyboard.press("Enter");
    await customer.getByTestId("signature").filter({ hasText: "Daan de Vries" }).waitFor();
    expect(await focusedElement(customer), "focus after signing").not.toBe("body");
    expect(customerErrors).toEqual([]);

    // The owner sees it, adds their own signature and marks the quote signed.
    await open(page, quotePath);
    const panel = page.getByTestId("quote-signing");
    await panel.getByTestId("signature").filter({ hasText: "Daan de Vries" }).waitFor();
    await tabTo(page, panel.getByTestId("add-signature"));
    await page.keyboard.press("Enter");
    const form = page.getByTestId("account-signature-form");
    await form.waitFor();
    await typeInto(page, form.getByLabel("Typed signature"), "Kees Keyboard");
    await tabTo(page, form.getByTestId("save-account-signature"));
    await page.keyboard.press("Enter");
    await toastWithText(page, "Signature added");
    await panel.getByTestId("signature").filter({ hasText: "Kees Keyboard" }).waitFor();
    expect(await focusedElement(page), "focus after adding the signature").not.toBe("body");
    await tabTo(page, panel.getByTestId("mark-signed"));
    await page.keyboard.press("Enter");
    const markDialog = page.getByRole("dialog", { name: "Mark this quote as signed?" });
    await markDialog.waitFor();
    await tabTo(page, markDialog.getByRole("button", { name: "Mark as signed" }));
    await page.keyboard.press("Enter");
    await toastWithText(page, "Quote signed");
    await expect.poll(() => panel.getByTestId("mark-signed").count()).toBe(0);
    expect(await focusedElement(page), "focus after marking signed").not.toBe("body");
    await e2e.shot(page, "keyboard-signed");
    expect(errors).toEqual([]);
    await context.close();
  });
});
