import { CUSTOM_DOMAIN_STATUSES, DNS_RECORD_STATES, txtRecordName, txtRecordValue } from "../../../shared/custom-domains";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { requireAccountScope } from "../../graphql/tenancy";
import {
  type CustomDomainRow,
  addCustomDomain,
  checkCustomDomainNow,
  customDomainAllowed,
  getCustomDomain,
  removeCustomDomain,
} from "./custom-domains.service";

/**
 * Settings → Domain (issue 25, decision 060): the account's custom domain, its two DNS records and
 * their state. Owners and admins; adding and checking need Pro (the service checks), reading and
 * removing work on any plan.
 */
const CustomDomainStatusEnum = builder.enumType("CustomDomainStatus", {
  values: CUSTOM_DOMAIN_STATUSES,
  description: "PENDING: the records have not been seen yet. ACTIVE: both seen. INACTIVE: they went away (the owners were told).",
});
const DnsRecordStateEnum = builder.enumType("DnsRecordState", { values: DNS_RECORD_STATES });

type DnsRecordShape = { type: "CNAME" | "TXT"; name: string; value: string; state: (typeof DNS_RECORD_STATES)[number] };
const DnsRecordRef = builder.objectRef<DnsRecordShape>("DnsRecord").implement({
  description: "A DNS record the owner sets at their DNS provider, and what the last check found.",
  fields: (t) => ({
    type: t.exposeString("type", { description: "CNAME or TXT." }),
    name: t.exposeString("name"),
    value: t.exposeString("value"),
    state: t.field({ type: DnsRecordStateEnum, resolve: (r) => r.state }),
  }),
});

type CustomDomainShape = CustomDomainRow & { target: string; planAllows: boolean };
const CustomDomainRef = builder.objectRef<CustomDomainShape>("CustomDomain").implement({
  description: "The account's own domain for its public quotes.",
  fields: (t) => ({
    id: t.exposeID("id"),
    domain: t.exposeString("domain"),
    status: t.field({ type: CustomDomainStatusEnum, resolve: (d) => d.status as (typeof CUSTOM_DOMAIN_STATUSES)[number] }),
    serving: t.boolean({
      description: "True when quote pages answer on the domain now: ACTIVE and the account has Pro.",
      resolve: (d) => d.status === "ACTIVE" && d.planAllows,
    }),
    planAllows: t.exposeBoolean("planAllows", { description: "False when the plan has no custom domain (the domain stops serving; links use the main host)." }),
    records: t.field({
      type: [DnsRecordRef],
      resolve: (d): DnsRecordShape[] => [
        { type: "CNAME", name: d.domain, value: d.target, state: d.cnameState as DnsRecordShape["state"] },
        { type: "TXT", name: txtRecordName(d.domain), value: txtRecordValue(d.token), state: d.txtState as DnsRecordShape["state"] },
      ],
    }),
    lastCheckedAt: t.field({ type: "DateTime", nullable: true, resolve: (d) => d.lastCheckedAt }),
    nextCheckAt: t.field({ type: "DateTime", nullable: true, resolve: (d) => d.nextCheckAt }),
    verifiedAt: t.field({ type: "DateTime", nullable: true, resolve: (d) => d.verifiedAt }),
    createdAt: t.field({ type: "DateTime", resolve: (d) => d.createdAt }),
  }),
});

const shape = async (ctx: { db: Parameters<typeof customDomainAllowed>[0]; config: { customDomains: { target: string } } }, row: CustomDomainRow | null) =>
  row ? { ...row, target: ctx.config.customDomains.target, planAllows: await customDomainAllowed(ctx.db, row.accountId) } : null;

builder.queryField("customDomain", (t) =>
  t.field({
    type: CustomDomainRef,
    nullable: true,
    description: "The selected account's custom domain, or null (owners and admins).",
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    resolve: async (_root, _args, ctx) => shape(ctx, await getCustomDomain(ctx.db, requireAccountScope(ctx).accountId)),
  }),
);

builder.queryField("customDomainAvailable", (t) =>
  t.boolean({
    description: "Whether the selected account's plan includes a custom domain (Pro, or a running trial).",
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    resolve: (_root, _args, ctx) => customDomainAllowed(ctx.db, requireAccountScope(ctx).accountId),
  }),
);

const AddCustomDomainInput = builder.inputType("AddCustomDomainInput", {
  fields: (t) => ({ domain: t.string({ required: true, description: "A sub-domain the account owns (quotes.example.com); not a bare domain." }) }),
});

builder.mutationField("addCustomDomain", (t) =>
  t.field({
    type: CustomDomainRef,
    description: "Adds the account's custom domain (Pro) and returns the two DNS records to set; a job checks them.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: AddCustomDomainInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const row = await addCustomDomain(ctx.db, ctx.config, requireAccountScope(ctx).accountId, args.input);
      return (await shape(ctx, row)) as CustomDomainShape;
    },
  }),
);

builder.mutationField("checkCustomDomain", (t) =>
  t.field({
    type: CustomDomainRef,
    description: "Checks the custom domain's DNS records now (Pro).",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    resolve: async (_root, _args, ctx) => {
      const row = await checkCustomDomainNow(ctx.db, ctx.config, requireAccountScope(ctx).accountId);
      return (await shape(ctx, row)) as CustomDomainShape;
    },
  }),
);

builder.mutationField("removeCustomDomain", (t) =>
  t.id({
    description: "Removes the account's custom domain; its quote links fall back to the main host. Returns its id.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    resolve: (_root, _args, ctx) => removeCustomDomain(ctx.db, requireAccountScope(ctx).accountId),
  }),
);
