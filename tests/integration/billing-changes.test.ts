import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, billingNotices, billingPayments, billingSubscriptions, users } from "../../src/server/db/schema";
import { assertEntitled } from "../../src/server/modules/billing/entitlements";
import { billingRemindersJob, enqueue } from "../../src/server/jobs";
import { sendTrialEndingNotices } from "../../src/server/modules/billing/notices";
import { CHANGE, PAY, type ProviderKind, startBillingApp } from "../support/billing";
import { createTestDatabase } from "../support/db";
import { type SignedInAs, signIn } from "../support/auth";
import { outboxFiles, readMail } from "../support/mail";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * Plan changes on a running subscription (decision 029), the billing e-mails, and the development
 * provider's state across restarts — through the Mollie adapter against the local Mollie stub and
 * through the development provider.
 */
const STATE = `{ billing {
  subscription { plan interval expiredAt renews canChangePlan scheduledChange { plan interval effectiveAt } }
  payments { id plan interval sequenceType status totalCents netCents }
  invoices { id number totalCents periodStart periodEnd }
} }`;
const PREVIEW = `query ($plan: Plan!, $interval: SubscriptionInterval!) { billing { changePreview(plan: $plan, interval: $interval) {
  kind plan interval effectiveAt dueNowCents dueNowNetCents renewalCents pendingSignatures losesSigning
} } }`;

type State = {
  subscription: {
    plan: string;
    interval: string | null;
    expiredAt: string | null;
    renews: boolean;
    canChangePlan: boolean;
    scheduledChange: { plan: string; interval: string; effectiveAt: string } | null;
  };
  payments: { id: string; plan: string; interval: string; sequenceType: string; status: string; totalCents: number; netCents: number }[];
  invoices: { id: string; number: string; totalCents: number; periodStart: string; periodEnd: string }[];
};
type Preview = {
  kind: string;
  plan: string;
  interval: string;
  effectiveAt: string;
  dueNowCents: number;
  dueNowNetCents: number;
  renewalCents: number;
  pendingSignatures: number;
  losesSigning: boolean;
};
type Change = { kind: string; status: string; effectiveAt: string; checkoutUrl: string | null };

for (const kind of ["mollie", "dev"] as const satisfies readonly ProviderKind[]) {
  describe(`plan changes through the ${kind === "mollie" ? "Mollie adapter and stub" : "development provider"}`, () => {
    let app: Awaited<ReturnType<typeof startBillingApp>>;
    let owner: SignedInAs;

    const stateOf = async (user: SignedInAs = owner): Promise<State> => {
      const result = await app.t.gql<{ billing: State }>(STATE, {}, user.headers());
      if (!result.data) throw new Error(JSON.stringify(result.errors));
      return result.data.billing;
    };
    const previewOf = async (plan: string, interval: string, user: SignedInAs = owner) =>
      (await app.t.gql<{ billing: { changePreview: Preview | null } }>(PREVIEW, { plan, interval }, user.headers())).data!.billing.changePreview;
    const change = (input: Record<string, unknown>, user: SignedInAs = owner, language = "en") =>
      app.t.gql<{ changeSubscription: Change }>(CHANGE, { input }, { ...user.headers(), "accept-language": language });

    beforeAll(async () => {
      app = await startBillingApp(kind);
      owner = await signIn(app.t, "owner", { company: `Changes ${kind} BV` });
      await app.t.db.update(accounts).set({ billingCountry: "NL" }).where(eq(accounts.id, owner.accountId));
    });
    afterAll(async () => {
      await app.close();
    });

    it("a trial cannot change plan (it chooses one): refused, nothing written", async () => {
      expect(await previewOf("PRO", "MONTHLY")).toBeNull();
      const refused = await change({ plan: "PRO", interval: "MONTHLY" });
      expect(refused.errors?.[0]).toMatchObject({
        message: "There is no running subscription to change. Choose a plan first.",
        extensions: { code: "CONFLICT" },
      });
      expect((await stateOf()).subscription.canChangePlan).toBe(false);
    });

    it("Basic → Pro monthly: a prorated checkout now, the plan only once it is paid, then Pro's amount at renewal", async () => {
      await app.subscribe(owner, "BASIC", "MONTHLY");
      const before = await stateOf();
      expect(before.subscription).toMatchObject({ plan: "BASIC", interval: "MONTHLY", canChangePlan: true, scheduledChange: null });

      const preview = (await previewOf("PRO", "MONTHLY"))!;
      expect(preview).toMatchObject({ kind: "UPGRADE", losesSigning: false, pendingSignatures: 0, renewalCents: 11_979 });
      // Almost the whole month is left: close to the full difference (€50 excl. VAT), never more.
      expect(preview.dueNowNetCents).toBeGreaterThan(4_900);
      expect(preview.dueNowNetCents).toBeLessThanOrEqual(5_000);
      expect(preview.dueNowCents).toBe(preview.dueNowNetCents + Math.floor((preview.dueNowNetCents * 21 * 2 + 100) / 200));

      // A double click: one checkout, one payment row.
      const [a, b] = await Promise.all([change({ plan: "PRO", interval: "MONTHLY" }), change({ plan: "PRO", interval: "MONTHLY" })]);
      expect(a.data?.changeSubscription.kind).toBe("UPGRADE");
      expect(a.data?.changeSubscription.checkoutUrl).toBeTruthy();
      expect(b.data?.changeSubscription.checkoutUrl).toBe(a.data?.changeSubscription.checkoutUrl);
      let state = await stateOf();
      const upgrades = state.payments.filter((p) => p.status === "open");
      expect(upgrades).toHaveLength(1);
      expect(upgrades[0]).toMatchObject({ plan: "PRO", interval: "MONTHLY", sequenceType: "first" });
      // Not paid yet: still Basic.
      expect(state.subscription.plan).toBe("BASIC");
      if (kind === "mollie") {
        const created = app.driver.stub!.requests.filter((r) => r.method === "POST" && r.path === "/v2/payments").pop()!;
        expect(created.idempotencyKey).toMatch(/^upgrade-payment-/);
        expect(created.body).toMatchObject({ sequenceType: "first", customerId: expect.stringMatching(/^cst_/) });
      }

      // A failed checkout changes nothing.
      await app.driver.checkout(a.data!.changeSubscription.checkoutUrl!, "failed");
      expect((await stateOf()).subscription.plan).toBe("BASIC");

      const again = await change({ plan: "PRO", interval: "MONTHLY" });
      const paidId = await (async () => {
        await app.driver.checkout(again.data!.changeSubscription.checkoutUrl!, "paid");
        const [row] = await app.t.db.select().from(billingPayments).where(eq(billingPayments.checkoutUrl, again.data!.changeSubscription.checkoutUrl!));
        return row.providerPaymentId!;
      })();
      state = await stateOf();
      expect(state.subscription).toMatchObject({
        plan: "PRO",
        interval: "MONTHLY",
        expiredAt: before.subscription.expiredAt,
        renews: true,
        scheduledChange: null,
      });
      expect(state.invoices).toHaveLength(2);
      expect(state.invoices[0].totalCents).toBe(state.payments.find((p) => p.status === "paid" && p.plan === "PRO")!.totalCents);
      expect(state.invoices[0].periodEnd).toBe(before.subscription.expiredAt);
      // The provider's subscription charges Pro from the end of the paid period, on the same subscription.
      const provider = (await app.driver.subscription(owner.accountId))!;
      expect(provider).toMatchObject({
        status: "active",
        amountCents: 11_979,
        interval: "1 month",
        startDate: before.subscription.expiredAt!.slice(0, 10),
        metadata: { plan: "PRO", interval: "MONTHLY" },
      });
      expect(await app.driver.subscriptionCount()).toBe(1);

      // Ten deliveries of the same webhook change nothing more.
      for (let i = 0; i < 10; i++) expect(await app.driver.replay(paidId)).toBe(200);
      expect((await stateOf()).invoices).toHaveLength(2);

      // The renewal charges Pro and keeps Pro.
      await app.driver.renew(owner.accountId, "paid");
      state = await stateOf();
      expect(state.subscription).toMatchObject({ plan: "PRO", interval: "MONTHLY" });
      expect(state.payments[0]).toMatchObject({ sequenceType: "recurring", status: "paid", plan: "PRO", totalCents: 11_979 });
    });

    it("monthly → yearly and back: from the end of the paid period, nothing charged now, one subscription", async () => {
      const before = await stateOf();
      const preview = (await previewOf("PRO", "YEARLY"))!;
      expect(preview).toMatchObject({ kind: "SCHEDULED", dueNowCents: 0, renewalCents: 119_790, effectiveAt: before.subscription.expiredAt });
      const [a, b] = await Promise.all([change({ plan: "PRO", interval: "YEARLY" }), change({ plan: "PRO", interval: "YEARLY" })]);
      for (const r of [a, b])
        expect(r.data?.changeSubscription).toMatchObject({ kind: "SCHEDULED", checkoutUrl: null, effectiveAt: before.subscription.expiredAt });
      let state = await stateOf();
      expect(state.subscription).toMatchObject({
        plan: "PRO",
        interval: "MONTHLY",
        expiredAt: before.subscription.expiredAt,
        scheduledChange: { plan: "PRO", interval: "YEARLY", effectiveAt: before.subscription.expiredAt },
      });
      expect(state.payments).toHaveLength(before.payments.length);
      expect(await app.driver.subscription(owner.accountId)).toMatchObject({
        status: "active",
        amountCents: 119_790,
        interval: "12 months",
        startDate: before.subscription.expiredAt!.slice(0, 10),
      });
      expect(await app.driver.subscriptionCount()).toBe(1);

      await app.driver.renew(owner.accountId, "paid");
      state = await stateOf();
      const yearLater = new Date(before.subscription.expiredAt!);
      yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
      expect(state.subscription).toMatchObject({ plan: "PRO", interval: "YEARLY", expiredAt: yearLater.toISOString(), scheduledChange: null });
      expect(state.payments[0]).toMatchObject({ sequenceType: "recurring", plan: "PRO", interval: "YEARLY", totalCents: 119_790 });

      const back = await change({ plan: "PRO", interval: "MONTHLY" });
      expect(back.data?.changeSubscription).toMatchObject({ kind: "SCHEDULED", effectiveAt: yearLater.toISOString() });
      expect(await app.driver.subscription(owner.accountId)).toMatchObject({
        amountCents: 11_979,
        interval: "1 month",
        startDate: yearLater.toISOString().slice(0, 10),
      });
      // Changing one's mind before the period ends: back to the current terms, no change scheduled.
      const undo = await change({ plan: "PRO", interval: "YEARLY" });
      expect(undo.data?.changeSubscription.kind).toBe("SCHEDULED");
      expect((await stateOf()).subscription.scheduledChange).toBeNull();
      expect(await app.driver.subscription(owner.accountId)).toMatchObject({ amountCents: 119_790, interval: "12 months" });
      expect((await change({ plan: "PRO", interval: "YEARLY" })).data?.changeSubscription.kind).toBe("UNCHANGED");
    });

    it("a downgrade that drops signing while quotes await a signature: warned, needs a confirmation, applies at period end", async () => {
      const customer = await createCustomer(app.t, owner);
      const quote = await createQuote(app.t, owner, customer.id, { signable: true });
      await addBlocks(app.t, quote.id);
      expect((await transition(app.t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
      const before = await stateOf();

      const preview = (await previewOf("STARTER", "YEARLY"))!;
      expect(preview).toMatchObject({
        kind: "SCHEDULED",
        losesSigning: true,
        pendingSignatures: 1,
        dueNowCents: 0,
        effectiveAt: before.subscription.expiredAt,
      });
      // Basic keeps signing: no warning.
      expect(await previewOf("BASIC", "YEARLY")).toMatchObject({ kind: "SCHEDULED", losesSigning: false, pendingSignatures: 0 });

      const providerBefore = await app.driver.subscription(owner.accountId);
      const refused = await change({ plan: "STARTER", interval: "YEARLY" });
      expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "CONFLICT" } });
      expect(refused.errors?.[0].message).toBe(
        "1 published quote is still waiting for a signature and can no longer be signed after this change. Confirm to continue.",
      );
      const nl = await change({ plan: "STARTER", interval: "YEARLY" }, owner, "nl");
      expect(nl.errors?.[0].message).toContain("1 gepubliceerde offerte wacht nog op een handtekening");
      expect(await app.driver.subscription(owner.accountId)).toEqual(providerBefore);
      expect((await stateOf()).subscription.scheduledChange).toBeNull();

      const confirmed = await change({ plan: "STARTER", interval: "YEARLY", confirmPendingSignatures: true });
      expect(confirmed.data?.changeSubscription).toMatchObject({ kind: "SCHEDULED", effectiveAt: before.subscription.expiredAt });
      expect((await stateOf()).subscription).toMatchObject({ plan: "PRO", scheduledChange: { plan: "STARTER", interval: "YEARLY" } });
      // Until the period ends, signing stays: the quotes can still be signed.
      await expect(assertEntitled(app.t.db, owner.accountId, "signing")).resolves.toBeUndefined();
      expect(await app.driver.subscription(owner.accountId)).toMatchObject({ amountCents: 16_940, interval: "12 months", metadata: { plan: "STARTER" } });

      await app.driver.renew(owner.accountId, "paid");
      expect((await stateOf()).subscription).toMatchObject({ plan: "STARTER", interval: "YEARLY", scheduledChange: null });
      await expect(assertEntitled(app.t.db, owner.accountId, "signing")).rejects.toMatchObject({ messageKey: "billing:errors.planRequired" });
    });

    it("two first checkouts opened side by side and both paid: one subscription, charging the terms of the last one paid", async () => {
      const buyer = await signIn(app.t, "owner", { company: `Twice ${kind} BV` });
      const open = async (plan: string, interval: string) =>
        (await app.t.gql<{ createFirstSubscriptionPayment: { checkoutUrl: string } }>(PAY, { input: { plan, interval } }, buyer.headers())).data!
          .createFirstSubscriptionPayment.checkoutUrl;
      const basic = await open("BASIC", "MONTHLY");
      const pro = await open("PRO", "YEARLY");
      const count = await app.driver.subscriptionCount();
      await app.driver.checkout(basic, "paid");
      await app.driver.checkout(pro, "paid");
      expect(await app.driver.subscriptionCount()).toBe(count + 1);
      const state = await stateOf(buyer);
      expect(state.subscription).toMatchObject({ plan: "PRO", interval: "YEARLY" });
      expect(await app.driver.subscription(buyer.accountId)).toMatchObject({
        amountCents: 119_790,
        interval: "12 months",
        startDate: state.subscription.expiredAt!.slice(0, 10),
        metadata: { plan: "PRO", interval: "YEARLY" },
      });
    });

    it("only the owner changes plans; an admin is refused", async () => {
      const admin = await signIn(app.t, "admin", { account: owner });
      expect((await change({ plan: "PRO", interval: "YEARLY" }, admin)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    });

    if (kind === "mollie") {
      it("a provider 5xx during a change: a clear message, nothing changed here or at the provider", async () => {
        const buyer = await signIn(app.t, "owner", { company: "Flaky change BV" });
        await app.subscribe(buyer, "BASIC", "MONTHLY");
        const provider = await app.driver.subscription(buyer.accountId);
        const rows = async () => (await app.t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.accountId, buyer.accountId)))[0];
        const rowBefore = await rows();

        app.driver.stub!.failNext("503", "503", "503");
        const scheduled = await change({ plan: "BASIC", interval: "YEARLY" }, buyer);
        expect(scheduled.errors?.[0]).toMatchObject({
          message: "The payment provider did not answer. Nothing was charged; please try again in a minute.",
          extensions: { code: "CONFLICT" },
        });
        expect(await app.driver.subscription(buyer.accountId)).toEqual(provider);
        expect(await rows()).toEqual(rowBefore);

        const payments = async () => (await app.t.db.select().from(billingPayments).where(eq(billingPayments.accountId, buyer.accountId))).length;
        const count = await payments();
        app.driver.stub!.failNext("503", "503", "503");
        const upgrade = await change({ plan: "PRO", interval: "MONTHLY" }, buyer, "nl");
        expect(upgrade.errors?.[0].message).toBe("De betaalprovider reageerde niet. Er is niets afgeschreven; probeer het over een minuut opnieuw.");
        expect(await payments()).toBe(count);

        // The upgrade is paid but the provider fails to take the new amount: the webhook answers
        // 500, Mollie retries, and the plan changes once the provider has it.
        const ok = await change({ plan: "PRO", interval: "MONTHLY" }, buyer);
        const paymentId = ok.data!.changeSubscription.checkoutUrl!.split("/").pop()!;
        app.driver.stub!.failNext("500", "500", "500");
        expect(await app.driver.stub!.completeCheckout(paymentId, "paid")).toBe(200);
        expect(app.driver.stub!.deliveries.filter((d) => d.id === paymentId).map((d) => d.status)).toEqual([500, 200]);
        expect((await stateOf(buyer)).subscription.plan).toBe("PRO");
        expect(await app.driver.subscription(buyer.accountId)).toMatchObject({ amountCents: 11_979 });
      });
    }

    it("a failed renewal e-mails the owner once, in the owner's language, however often the webhook comes", async () => {
      const buyer = await signIn(app.t, "owner", { company: `Failing ${kind} BV` });
      const [me] = await app.t.db.select().from(users).where(eq(users.id, buyer.userId));
      await app.t.db.update(users).set({ locale: "nl" }).where(eq(users.id, buyer.userId));
      await app.subscribe(buyer, "BASIC", "MONTHLY");
      await app.runJobs();
      const mailsTo = () =>
        outboxFiles(app.t.dataDir)
          .map(readMail)
          .filter((m) => m.to.includes(me.email));
      const before = mailsTo().length;

      const failed = await app.driver.renew(buyer.accountId, "failed");
      for (let i = 0; i < 5; i++) await app.driver.replay(failed);
      await app.runJobs();
      await app.driver.replay(failed);
      await app.runJobs();
      const mails = mailsTo().slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0].decoded).toContain("Je betaling is mislukt");
      expect(mails[0].decoded).toContain(`Failing ${kind} BV`);
      expect(mails[0].decoded).toContain("/nl/app/settings/billing");
      const notices = await app.t.db.select().from(billingNotices).where(eq(billingNotices.accountId, buyer.accountId));
      expect(notices).toEqual([expect.objectContaining({ kind: "renewal-failed", ref: failed })]);

      // A second failure is another e-mail.
      await app.driver.renew(buyer.accountId, "failed");
      await app.runJobs();
      expect(mailsTo().slice(before)).toHaveLength(2);
    });
  });
}

describe("billing e-mails and the development provider's state", () => {
  it("a trial about to end e-mails its owners once, three days before", async () => {
    const app = await startBillingApp("dev");
    try {
      const { t } = app;
      const ending = await signIn(t, "owner", { company: "Ending Soon BV" });
      const later = await signIn(t, "owner", { company: "Ends Later BV" });
      const over = await signIn(t, "owner", { company: "Already Over BV" });
      const paying = await signIn(t, "owner", { company: "Paying BV" });
      await app.subscribe(paying, "STARTER", "MONTHLY");
      const now = new Date();
      const day = 86_400_000;
      await t.db
        .update(accounts)
        .set({ expiredAt: new Date(now.getTime() + 2.5 * day) })
        .where(eq(accounts.id, ending.accountId));
      await t.db
        .update(accounts)
        .set({ expiredAt: new Date(now.getTime() + 5 * day) })
        .where(eq(accounts.id, later.accountId));
      await t.db
        .update(accounts)
        .set({ expiredAt: new Date(now.getTime() - day) })
        .where(eq(accounts.id, over.accountId));
      await t.db
        .update(accounts)
        .set({ expiredAt: new Date(now.getTime() + 2 * day) })
        .where(eq(accounts.id, paying.accountId));
      await app.runJobs();
      const mails = () =>
        outboxFiles(t.dataDir)
          .map(readMail)
          .filter((m) => /trial/i.test(m.subject) || /proefperiode/i.test(m.subject));

      // Two app servers sweep at the same time, then again: one e-mail.
      const told = await Promise.all([sendTrialEndingNotices(t.db, t.config.publicUrl), sendTrialEndingNotices(t.db, t.config.publicUrl)]);
      expect(told[0] + told[1]).toBe(1);
      expect(await sendTrialEndingNotices(t.db, t.config.publicUrl)).toBe(0);
      await app.runJobs();
      expect(mails()).toHaveLength(1);
      expect(mails()[0].subject).toContain("Ending Soon BV");
      expect(mails()[0].decoded).toContain("Choose a plan");

      // Two days later the other one is due, once; the first is not told again.
      expect(await sendTrialEndingNotices(t.db, t.config.publicUrl, new Date(now.getTime() + 2.1 * day))).toBe(1);
      await app.runJobs();
      expect(mails()).toHaveLength(2);

      // The periodic job main.ts queues (a singleton: a second queue while one waits is a no-op).
      await t.db
        .update(accounts)
        .set({ expiredAt: new Date(now.getTime() + day) })
        .where(eq(accounts.id, over.accountId));
      expect(await enqueue(t.db, billingRemindersJob, { publicUrl: t.config.publicUrl }, { singletonKey: "billing-reminders" })).toBeTruthy();
      expect(await enqueue(t.db, billingRemindersJob, { publicUrl: t.config.publicUrl }, { singletonKey: "billing-reminders" })).toBeNull();
      await app.runJobs();
      expect(mails()).toHaveLength(3);
      expect(mails()[2].subject).toContain("Already Over BV");
    } finally {
      await app.close();
    }
  });

  it("a checkout opened before a restart completes after it, on the same database, and another server can finish it", async () => {
    const database = await createTestDatabase();
    try {
      const first = await startBillingApp("dev", { database });
      const owner = await signIn(first.t, "owner", { company: "Restart BV" });
      const opened = await first.t.gql<{ createFirstSubscriptionPayment: { checkoutUrl: string } }>(
        PAY,
        { input: { plan: "BASIC", interval: "YEARLY" } },
        owner.headers(),
      );
      const checkoutUrl = opened.data!.createFirstSubscriptionPayment.checkoutUrl;
      await first.close();

      // A new process (new configuration, new provider object) on the same database.
      const second = await startBillingApp("dev", { database });
      const path = new URL(checkoutUrl).pathname;
      const page = await second.t.fetch(path);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("dev-checkout-paid");
      // Two app servers side by side: the same checkout opened on one is paid on the other, once.
      const third = await startBillingApp("dev", { database });
      const pay = (app: typeof second) =>
        app.t.fetch(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "status=paid" });
      const [a, b] = await Promise.all([pay(second), pay(third)]);
      expect([a.status, b.status].sort()).toEqual([303, 404]);
      const billing = await second.t.gql<{ billing: { subscription: { plan: string; interval: string; renews: boolean }; invoices: unknown[] } }>(
        "{ billing { subscription { plan interval renews } invoices { id } } }",
        {},
        { cookie: owner.cookie, account: owner.accountId },
      );
      expect(billing.data?.billing.subscription).toEqual({ plan: "BASIC", interval: "YEARLY", renews: true });
      expect(billing.data?.billing.invoices).toHaveLength(1);
      // Its renewals are known to every server too.
      const renewed = await third.driver.renew(owner.accountId, "paid");
      expect(renewed).toMatch(/^tr_dev/);
      expect((await second.t.db.select().from(billingPayments).where(eq(billingPayments.providerPaymentId, renewed)))[0]).toMatchObject({
        status: "paid",
        purpose: "renewal",
      });
      await second.close();
      await third.close();
    } finally {
      await database.close();
    }
  });
});
