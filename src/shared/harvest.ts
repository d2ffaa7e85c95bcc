/**
 * Harvest (issue 24, decision 055): the connect form's rules, shared by the card (hints) and the
 * server (the rule). Messages are translation keys in the `harvest` namespace.
 */
import { z } from "zod";

/** What a signed quote becomes in Harvest: a project, an accepted estimate, or both. */
export const HARVEST_CREATE = ["PROJECT", "ESTIMATE", "BOTH"] as const;
export type HarvestCreate = (typeof HARVEST_CREATE)[number];

export const ZHarvestCreate = z.enum(HARVEST_CREATE, { error: "harvest:validation.createInvalid" });

export const ZHarvestConnectInput = z.object({
  /** A personal access token (id.getharvest.com → Developers). */
  token: z
    .string({ error: "harvest:validation.tokenRequired" })
    .trim()
    .min(1, { error: "harvest:validation.tokenRequired" })
    .max(500, { error: "harvest:validation.tokenInvalid" })
    .regex(/^[\x21-\x7e]+$/, { error: "harvest:validation.tokenInvalid" }),
  /** The Harvest account id (digits), shown beside the token. */
  accountId: z
    .string({ error: "harvest:validation.accountIdRequired" })
    .trim()
    .min(1, { error: "harvest:validation.accountIdRequired" })
    .regex(/^\d{1,20}$/, { error: "harvest:validation.accountIdInvalid" }),
  create: ZHarvestCreate.default("BOTH"),
});
export type THarvestConnectInput = z.input<typeof ZHarvestConnectInput>;
export type HarvestConnectValues = z.output<typeof ZHarvestConnectInput>;

/** A connection's settings as stored in webhook_endpoints.config (nothing secret). */
export type HarvestConfig = {
  harvestAccountId: string;
  create: HarvestCreate;
  /** Shown on the card: "Connected to <company> as <email>". */
  accountName: string | null;
  userName: string | null;
};

export function harvestConfigOf(config: Record<string, unknown> | null | undefined): HarvestConfig {
  const c = config ?? {};
  const create = HARVEST_CREATE.includes(c.create as HarvestCreate) ? (c.create as HarvestCreate) : "BOTH";
  return {
    harvestAccountId: typeof c.harvestAccountId === "string" ? c.harvestAccountId : "",
    create,
    accountName: typeof c.accountName === "string" ? c.accountName : null,
    userName: typeof c.userName === "string" ? c.userName : null,
  };
}
