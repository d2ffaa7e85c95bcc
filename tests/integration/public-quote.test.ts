import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPublicQuote } from "../../src/server/modules/public-quote/public-quote.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, publishOn, transition } from "../support/quotes";

let t: TestApp;
let owner: SignedIn;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Public Co" });
  customerId = (await createCustomer(t, owner)).id;
});
afterAll(async () => {
  await t.close();
});

describe("public quote availability (checked on every read)", () => {
  it("is not available as a draft, available when published, not available again when withdrawn", async () => {
    const quote = await createQuote(t, owner, customerId);
    await addBlocks(t, quote.id);
    expect(await loadPublicQuote(t.db, quote.nanoId)).toEqual({ availability: "NOT_AVAILABLE", view: null });

    await transition(t, owner, "publishQuote", quote.id);
    const live = await loadPublicQuote(t.db, quote.nanoId);
    expect(live.availability).toBe("AVAILABLE");
    expect(live.view).toMatchObject({ quoteId: quote.id, document: { totals: { oneOff: expect.objectContaining({ totalExclVat: "1019.99" }) }, customer: { name: "Acme BV" } } });
    expect(live.view?.document.blocks.map((b) => b.name)).toEqual(["Introduction", "Work"]);

    await transition(t, owner, "withdrawQuote", quote.id);
    expect(await loadPublicQuote(t.db, quote.nanoId)).toEqual({ availability: "NOT_AVAILABLE", view: null });
    await transition(t, owner, "publishQuote", quote.id);
    expect((await loadPublicQuote(t.db, quote.nanoId)).availability).toBe("AVAILABLE");
  });

  it("is expired after the expiration date, and stays available once signed", async () => {
    const quote = await createQuote(t, owner, customerId, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" });
    await publishOn(t, owner, quote.id, "2026-01-15");
    expect((await loadPublicQuote(t.db, quote.nanoId, { today: "2026-01-31" })).availability).toBe("AVAILABLE");
    expect(await loadPublicQuote(t.db, quote.nanoId, { today: "2026-02-01" })).toEqual({ availability: "EXPIRED", view: null });
    await t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${quote.id}`);
    expect((await loadPublicQuote(t.db, quote.nanoId, { today: "2026-02-01" })).availability).toBe("AVAILABLE");
  });

  it("is not available for unknown or malformed links", async () => {
    expect((await loadPublicQuote(t.db, "A".repeat(24))).availability).toBe("NOT_AVAILABLE");
    expect((await loadPublicQuote(t.db, "short")).availability).toBe("NOT_AVAILABLE");
    expect((await loadPublicQuote(t.db, "x'; drop table quotes; --xxxxxxxx")).availability).toBe("NOT_AVAILABLE");
  });
});
