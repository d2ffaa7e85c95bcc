import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ACCOUNT_ROLES } from "./enums";
import { PERMISSIONS, ROLE_PERMISSIONS, canManageRole, hasPermission, permissionsMarkdownTable } from "./permissions";

describe("the role → permission table", () => {
  it("is the table ARCHITECTURE.md shows", () => {
    const doc = fs.readFileSync("ARCHITECTURE.md", "utf8");
    const start = doc.indexOf("<!-- permissions:start -->");
    const end = doc.indexOf("<!-- permissions:end -->");
    expect(start, "ARCHITECTURE.md needs the permissions markers").toBeGreaterThan(-1);
    expect(doc.slice(start + "<!-- permissions:start -->".length, end).trim()).toBe(permissionsMarkdownTable());
  });

  it("gives every stronger role all of a weaker role's permissions", () => {
    for (let i = 1; i < ACCOUNT_ROLES.length; i++) {
      for (const p of ROLE_PERMISSIONS[ACCOUNT_ROLES[i - 1]]) expect(hasPermission(ACCOUNT_ROLES[i], p), `${ACCOUNT_ROLES[i]} ${p}`).toBe(true);
    }
  });

  it("keeps billing, export, deletion and ownership for owners, and the team's management from members", () => {
    const ownerOnly = PERMISSIONS.filter((p) => !hasPermission("admin", p));
    expect(ownerOnly).toEqual(["team.transferOwnership", "account.export", "account.delete", "billing.manage"]);
    expect(PERMISSIONS.filter((p) => hasPermission("member", p))).toEqual([
      "customers.read",
      "customers.write",
      "quotes.read",
      "quotes.write",
      "templates.read",
      "templates.write",
      "team.read",
    ]);
  });

  it("lets admins manage members and admins, and only owners touch owners", () => {
    expect(canManageRole("admin", "member")).toBe(true);
    expect(canManageRole("admin", "admin")).toBe(true);
    expect(canManageRole("admin", "owner")).toBe(false);
    expect(canManageRole("owner", "owner")).toBe(true);
    expect(canManageRole("member", "member")).toBe(false);
  });
});
