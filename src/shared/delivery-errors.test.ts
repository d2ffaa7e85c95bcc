import { describe, expect, it } from "vitest";
import { HARVEST_STEPS, type HarvestStep, deliveryError, harvestStepError, translateDeliveryError } from "./delivery-errors";
import { translator } from "./i18n/server";

const en = translator("en") as unknown as (key: string, vars?: Record<string, string>) => string;
const nl = translator("nl") as unknown as (key: string, vars?: Record<string, string>) => string;

/** Every sentence the server writes, with values in it. */
const written: Record<keyof typeof deliveryError, string> = {
  planNoDeveloperApi: deliveryError.planNoDeveloperApi(),
  planNoIntegrations: deliveryError.planNoIntegrations(),
  eventGone: deliveryError.eventGone(),
  interrupted: deliveryError.interrupted(),
  timedOut: deliveryError.timedOut({ seconds: "15" }),
  onlyHttps: deliveryError.onlyHttps(),
  addressRefused: deliveryError.addressRefused({ host: "10.0.0.1" }),
  hostNotPublic: deliveryError.hostNotPublic({ host: "intranet" }),
  hostUnresolved: deliveryError.hostUnresolved({ host: "gone.example" }),
  hostResolvesRefused: deliveryError.hostResolvesRefused({ host: "evil.example", address: "127.0.0.1" }),
  bodyNotJson: deliveryError.bodyNotJson(),
  slackNotFirstView: deliveryError.slackNotFirstView(),
  slackNotCustomerSignature: deliveryError.slackNotCustomerSignature(),
  slackRateLimit: deliveryError.slackRateLimit({ seconds: "3" }),
  harvestNotJson: deliveryError.harvestNotJson(),
  harvestVersionGone: deliveryError.harvestVersionGone(),
  harvestBusy: deliveryError.harvestBusy({ object: "project" }),
  harvestTotals: deliveryError.harvestTotals({ sum: "12100", expected: "12101" }),
};

describe("the delivery log's own sentences", () => {
  it("each one the server writes is read back and shown in Dutch, its values kept", () => {
    for (const [key, text] of Object.entries(written)) {
      const dutch = translateDeliveryError(text, nl);
      expect(dutch, key).not.toBe(text);
      expect(dutch, key).not.toContain("developers:"); // a missing key would show as its name
      for (const value of ["15", "10.0.0.1", "intranet", "gone.example", "evil.example", "127.0.0.1", "12100", "12101"])
        if (text.includes(value)) expect(dutch, key).toContain(value);
    }
    expect(translateDeliveryError(written.harvestBusy, nl)).toBe("Een andere poging maakt dit al aan in Harvest: project");
    expect(translateDeliveryError(written.timedOut, nl)).toBe("Geen antwoord binnen 15 s");
    expect(translateDeliveryError(written.hostResolvesRefused, en)).toBe(
      "evil.example points to 127.0.0.1, which is not allowed (private, loopback or reserved)",
    );
  });

  it("a Harvest step is translated with what went wrong in it, itself translated when it is ours", () => {
    for (const step of Object.keys(HARVEST_STEPS) as HarvestStep[]) {
      expect(translateDeliveryError(harvestStepError(step, null), nl)).not.toBe(HARVEST_STEPS[step]);
    }
    expect(translateDeliveryError(harvestStepError("createProject", deliveryError.timedOut({ seconds: "10" })), nl)).toBe(
      "Het project aanmaken: Geen antwoord binnen 10 s",
    );
    expect(translateDeliveryError(harvestStepError("createClient", "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9"), nl)).toBe(
      "De klant aanmaken: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9",
    );
  });

  it("what a receiver or the network said is shown as it came", () => {
    for (const text of ["ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9", "Error: socket hang up", "The event is no longer stored, and more"])
      expect(translateDeliveryError(text, nl)).toBe(text);
  });
});
