import fs from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { e2eSuite, hydrated, linkFromOutbox, newPhoneContext, open, scrollWidth, signedInApp, toastWithText } from "../support/e2e";
import { lastMailTo } from "../support/mail";

const e2e = e2eSuite();

/** The invitation link from the e-mail the server's worker sent (it polls the jobs table every second). */
async function invitationLinkFor(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const match = /(http:\/\/127\.0\.0\.1:\d+(?:\/nl)?\/accept-invite\?token=[A-Za-z0-9_-]+)/.exec(lastMailTo(e2e.server.dataDir, email).decoded);
      if (match) return match[1];
    } catch {
      /* not sent yet */
    }
    if (Date.now() > deadline) throw new Error(`no invitation e-mail to ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("the team in a browser", () => {
  it("invites a teammate in Dutch, who accepts from the e-mail in a second browser and is listed as member", async () => {
    const ownerContext = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: "nl-NL" });
    const owner = await signedInApp(ownerContext, e2e.server, "Studio Zuid", "/nl", { at: "/nl/app/settings/team" });
    await owner.getByRole("heading", { name: "Team" }).waitFor();
    await owner.getByText("Iedereen hier werkt aan de offertes, klanten en sjablonen van Studio Zuid.").waitFor();

    // The shared rule first (no request), then a real invitation.
    await owner.getByTestId("invite-submit").click();
    await owner.getByText("Vul je e-mailadres in.").first().waitFor();
    const email = `teammate-${Date.now()}@example.test`;
    await owner.getByLabel("E-mail", { exact: true }).fill(email);
    await owner.getByLabel("Naam (optioneel)").fill("Tess Teammate");
    await owner.getByLabel("Rol", { exact: true }).selectOption("admin");
    await owner.getByTestId("invite-submit").click();
    await toastWithText(owner, "Uitnodiging verstuurd");
    const invitedRow = owner.getByTestId("team-row").filter({ hasText: "Tess Teammate" });
    await invitedRow.waitFor();
    expect(await invitedRow.getAttribute("data-status")).toBe("invited");
    expect(await invitedRow.textContent()).toContain("Uitgenodigd");
    await e2e.shot(owner, "team-nl-desktop");

    // The same address again: "already invited".
    await owner.getByLabel("E-mail", { exact: true }).fill(email.toUpperCase());
    await owner.getByTestId("invite-submit").click();
    await owner.getByText("Dit e-mailadres is al uitgenodigd.").first().waitFor();

    // The teammate opens the e-mail's link in another browser, signs in by e-mail link, and lands back on it.
    const link = await invitationLinkFor(email);
    expect(link).toContain("/nl/accept-invite?token=");
    const mail = lastMailTo(e2e.server.dataDir, email);
    expect(mail.decoded).toContain("Olga Owner heeft je uitgenodigd om samen offertes te maken in Studio Zuid, als Beheerder.");
    const teammateContext = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const teammate = await teammateContext.newPage();
    await open(teammate, link);
    await teammate.getByRole("heading", { name: "Word lid van Studio Zuid" }).waitFor();
    await teammate.getByText("Olga Owner heeft je uitgenodigd voor Studio Zuid op Offerly, als Beheerder.").waitFor();
    expect(await scrollWidth(teammate)).toBeLessThanOrEqual(375);
    await e2e.shot(teammate, "accept-invite-nl-375");
    await teammate.getByTestId("sign-in-to-accept").click();
    await teammate.waitForURL((url) => url.pathname === "/nl/auth/sign-in");
    await teammate.locator('input[name="email"]').fill(email);
    await teammate.locator('form button[type="submit"]').click();
    await teammate.waitForURL((url) => url.pathname.endsWith("/auth/email-link-sent"));
    await teammate.goto(linkFromOutbox(e2e.server.dataDir, email));
    await teammate.waitForURL((url) => url.pathname === "/nl/accept-invite");
    await hydrated(teammate);
    await teammate.getByTestId("accept-invitation").click();
    await toastWithText(teammate, "Uitnodiging geaccepteerd");
    await teammate.waitForURL((url) => url.pathname === "/nl/app");

    // An admin's "your data": no export or deletion of the account, only of their own user.
    await open(teammate, "/nl/app/settings/data");
    await teammate.getByText("Alleen een eigenaar kan het account exporteren of verwijderen.").waitFor();
    expect(await teammate.getByTestId("export-data").count()).toBe(0);
    expect(await scrollWidth(teammate)).toBeLessThanOrEqual(375);
    await e2e.shot(teammate, "data-admin-nl-375");

    // The link is used now.
    await teammate.goto(link);
    await teammate.getByText("Deze uitnodiging is niet meer open", { exact: false }).waitFor(); // says why, not "something went wrong" (issue 28)

    await owner.reload();
    const memberRow = owner.getByTestId("team-row").filter({ hasText: "Tess Teammate" });
    await memberRow.waitFor();
    expect(await memberRow.getAttribute("data-status")).toBe("member");
    expect(await memberRow.getByTestId("role-select").inputValue()).toBe("admin");
    await ownerContext.close();
    await teammateContext.close();
  });

  it("a member sees the team read-only; a 375 px screen does not scroll sideways", async () => {
    const ownerContext = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const owner = await signedInApp(ownerContext, e2e.server, "Read Only Ltd", "", { at: "/app/settings/team" });
    const email = `member-${Date.now()}@example.test`;
    await owner.getByLabel("E-mail", { exact: true }).fill(email);
    await owner.getByTestId("invite-submit").click();
    await toastWithText(owner, "Invite sent");
    const link = await invitationLinkFor(email);

    // The owner (another signed-in user) opening the link is told whom it is for, and cannot accept it.
    await open(owner, link);
    await owner.getByText("This invitation was sent to another e-mail address. Sign out and sign in with the invited address to accept it.").waitFor();
    expect(await owner.getByTestId("accept-invitation").count()).toBe(0);
    expect(await owner.getByTestId("decline-invitation").count()).toBe(0);
    await e2e.shot(owner, "accept-invite-wrong-user-en-desktop");

    const memberContext = await newPhoneContext(e2e.browser, e2e.server.url);
    const member = await memberContext.newPage();
    await open(member, link);
    await member.getByTestId("sign-in-to-accept").click();
    await member.locator('input[name="email"]').fill(email);
    await member.locator('form button[type="submit"]').click();
    await member.waitForURL((url) => url.pathname.endsWith("/auth/email-link-sent"));
    await member.goto(linkFromOutbox(e2e.server.dataDir, email));
    await member.waitForURL((url) => url.pathname === "/accept-invite");
    await hydrated(member);
    await member.getByTestId("accept-invitation").click();
    await toastWithText(member, "Invitation accepted");
    await member.waitForURL((url) => url.pathname === "/app");
    await open(member, "/app/settings/team");
    await member.getByText("Only owners and admins can invite people or change the team.").waitFor();
    expect(await member.getByTestId("invite-form").count()).toBe(0);
    expect(await member.getByTestId("role-select").count()).toBe(0);
    expect(await scrollWidth(member)).toBeLessThanOrEqual(375);
    await e2e.shot(member, "team-member-en-375");
    await ownerContext.close();
    await memberContext.close();
  });

  it("an owner exports the account's data and deletes the account after typing its name", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signedInApp(context, e2e.server, "Leaving Co", "", { at: "/app/settings/team" });
    await page.getByRole("link", { name: /Your data/ }).click();
    await page.waitForURL((url) => url.pathname === "/app/settings/data");
    await page.getByRole("heading", { name: "Export" }).waitFor();
    await e2e.shot(page, "data-en-desktop");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-data").click()]);
    expect(download.suggestedFilename()).toMatch(/^offerly-leaving-co-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["account.json", "customers.csv", "quotes.csv", "quotes.json"]));
    expect(JSON.parse(strFromU8(files["account.json"]))[0].name).toBe("Leaving Co");

    await page.getByTestId("delete-account").click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor({ state: "visible" });
    await dialog.getByTestId("confirm-name").fill("Leaving");
    await dialog.getByTestId("confirm-dialog-confirm").click();
    await dialog.getByText("Type the account's name exactly as shown.").waitFor();
    await dialog.getByTestId("confirm-name").fill("Leaving Co");
    await dialog.getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "Account deleted");
    // Without any account left, the app asks for a new company.
    await page.waitForURL((url) => url.pathname === "/complete-profile");
    await context.close();
  });
});
