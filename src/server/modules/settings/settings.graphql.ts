import { ZCreateAccountInput, ZUpdateAccountInput, ZUpdateAccountStylingInput } from "../../../shared/account-settings";
import { filePath, isFileKey } from "../../files/storage";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { AccountRoleEnum } from "../../graphql/enums";
import { requireAccountScope, requireUser } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { type AccountRow, getAccountsByIds } from "../identity/accounts.service";
import { AccountRef } from "../identity/identity.graphql";
import { QuoteRef } from "../quotes/quotes.graphql";
import { createAccount, removeAccountLogo, updateAccount, updateAccountLogo, updateAccountStyling } from "./settings.service";

// Who may change the account's settings: owners and admins (ARCHITECTURE.md, "Identity and roles").
// When src/shared/permissions.ts lands (team issue) these read from its role → permission map.
const SETTINGS_ROLE = { accountRole: "admin" } as const;

/** What a public account shows: the account row, or the public quote read model's account. */
export type PublicAccountSource = Pick<
  AccountRow,
  "name" | "logoFileKey" | "linkColor" | "textColor" | "textFont" | "quoteStreetAndNumber" | "quotePostalCode" | "quoteCity"
>;

const logoUrl = (a: PublicAccountSource, version: number) => (a.logoFileKey && isFileKey(a.logoFileKey) ? filePath(a.logoFileKey, version) : null);

builder.objectField(AccountRef, "viewerRole", (t) =>
  t.field({
    type: AccountRoleEnum,
    nullable: true,
    description:
      "The signed-in user's role in this account when it is the selected one (screens use it to show read-only settings; the server checks roles itself).",
    resolve: (a, _args, ctx) => (ctx.auth.account?.id === a.id ? ctx.auth.account.role : null),
  }),
);

builder.objectField(AccountRef, "vatNumber", (t) =>
  t.exposeString("vatNumber", { nullable: true, description: "VAT number, normalised (NL123456789B01, GB123456789)." }),
);

/** What a customer sees of the company on a public quote (SPEC §3 "Public account"). */
export const PublicAccountRef = builder.objectRef<PublicAccountSource>("PublicAccount").implement({
  description: "The sending company as shown on a public quote: name, logo, styling and the address printed on quotes.",
  fields: (t) => ({
    name: t.exposeString("name"),
    fileUrl: t.string({
      nullable: true,
      description: "The company logo; `version` busts caches after a new upload.",
      args: { version: t.arg.int({ required: true }) },
      resolve: (a, args) => logoUrl(a, args.version),
    }),
    linkColor: t.exposeString("linkColor", { nullable: true }),
    textColor: t.exposeString("textColor", { nullable: true }),
    textFont: t.exposeString("textFont", { nullable: true }),
    quoteStreetAndNumber: t.exposeString("quoteStreetAndNumber", { nullable: true }),
    quotePostalCode: t.exposeString("quotePostalCode", { nullable: true }),
    quoteCity: t.exposeString("quoteCity", { nullable: true }),
  }),
});

// SPEC §3: a quote carries its sender as a public account (name, logo, styling, quote address).
builder.objectField(QuoteRef, "identityAccount", (t) =>
  t.loadable({
    type: PublicAccountRef,
    description: "The sending company as the customer sees it: name, logo, colours, font and the address printed on quotes.",
    extensions: cost.perParent(1),
    load: async (accountIds: string[], ctx) => {
      const rows = await getAccountsByIds(ctx.db, accountIds);
      return rows.map((row) => row ?? new Error("account not found"));
    },
    resolve: (quote) => quote.accountId,
  }),
);

const UpdateAccountInput = builder.inputType("UpdateAccountInput", {
  description:
    "General settings. Country, currency and language are strings checked by the server (decision 002): country NL | GB, currency EUR | USD | GBP, language ENG | NL.",
  fields: (t) => ({
    name: t.string({ required: true, description: "Company name." }),
    country: t.string({ required: true }),
    currency: t.string({ required: true }),
    language: t.string({ required: true, description: "Default language of new quotes." }),
    vatNumber: t.string({ description: "Optional; NL: NL + 9 digits + B + 2 digits, GB: GB + 9 or 12 digits." }),
    billingFirstName: t.string(),
    billingLastName: t.string(),
    billingStreetAndNumber: t.string(),
    billingStreetAdditional: t.string(),
    billingPostalCode: t.string({ description: "Checked against the billing country (or the company's): 1234 AB in NL, a postcode in GB." }),
    billingCity: t.string(),
    billingCountry: t.string({ description: "NL | GB" }),
    quoteStreetAndNumber: t.string(),
    quotePostalCode: t.string({ description: "Checked against the company's country." }),
    quoteCity: t.string(),
    timeZone: t.string({ description: "IANA time zone of the statistics (e.g. Europe/Amsterdam); unchanged when left out." }),
    notifyFirstView: t.boolean({ description: "E-mail the owners when a customer first opens a published quote; unchanged when left out." }),
  }),
});

const UpdateAccountStylingInput = builder.inputType("UpdateAccountStylingInput", {
  fields: (t) => ({
    linkColor: t.string({ description: "#rrggbb (or #rgb); empty for the default." }),
    textColor: t.string({ description: "#rrggbb (or #rgb); empty for the default." }),
    textFont: t.string({ description: "INTER | LATO | MERRIWEATHER | PLAYFAIR_DISPLAY; empty for the default." }),
  }),
});

const CreateAccountInput = builder.inputType("CreateAccountInput", {
  fields: (t) => ({ companyName: t.string({ required: true }) }),
});

builder.mutationField("updateAccount", (t) =>
  t.field({
    type: AccountRef,
    description: "Saves the selected account's general settings (owners and admins).",
    authScopes: SETTINGS_ROLE,
    extensions: cost.mutation,
    args: { input: t.arg({ type: UpdateAccountInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return updateAccount(ctx.db, accountId, parseInput(ZUpdateAccountInput, args.input));
    },
  }),
);

builder.mutationField("updateAccountStyling", (t) =>
  t.field({
    type: AccountRef,
    description: "Saves the link colour, text colour and text font of the selected account's quotes (owners and admins).",
    authScopes: SETTINGS_ROLE,
    extensions: cost.mutation,
    args: { input: t.arg({ type: UpdateAccountStylingInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return updateAccountStyling(ctx.db, accountId, parseInput(ZUpdateAccountStylingInput, args.input));
    },
  }),
);

builder.mutationField("updateAccountLogo", (t) =>
  t.field({
    type: AccountRef,
    description: "Replaces the company logo (multipart upload; PNG, JPEG or WebP, at most 5 MB). The image is re-encoded; the old logo is deleted.",
    authScopes: SETTINGS_ROLE,
    extensions: cost.mutation,
    args: { file: t.arg({ type: "File", required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return updateAccountLogo(ctx, accountId, args.file);
    },
  }),
);

builder.mutationField("removeAccountLogo", (t) =>
  t.field({
    type: AccountRef,
    description: "Removes the company logo (owners and admins).",
    authScopes: SETTINGS_ROLE,
    extensions: cost.mutation,
    resolve: (_root, _args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return removeAccountLogo(ctx, accountId);
    },
  }),
);

builder.mutationField("createAccount", (t) =>
  t.field({
    type: AccountRef,
    description: "Creates another company account for the signed-in user, on the trial, with them as owner.",
    authScopes: { signedIn: true },
    extensions: cost.mutation,
    args: { input: t.arg({ type: CreateAccountInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const user = requireUser(ctx);
      return createAccount(ctx.db, { userId: user.id, ...parseInput(ZCreateAccountInput, args.input), locale: ctx.locale });
    },
  }),
);
