import { ZSignUpInput } from "../../../shared/identity";
import { notFound } from "../../errors";
import { filePath, isFileKey } from "../../files/storage";
import { builder } from "../../graphql/builder";
import type { CurrentUser } from "../../graphql/context";
import { cost } from "../../graphql/cost";
import { AccountRoleEnum, CurrencyEnum, LanguageEnum, SubscriptionIntervalEnum, SubscriptionPlanEnum } from "../../graphql/enums";
import { pageArgs, pageType, parsePage } from "../../graphql/pagination";
import { requireAccountScope, requireUser } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { type AccountMemberRow, type AccountRow, completeSignUp, findAccountsForUser, findMembersOfAccounts, getAccountById } from "./accounts.service";

export const CurrentUserRef = builder.objectRef<CurrentUser>("CurrentUser").implement({
  description: "The signed-in user.",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    name: t.exposeString("name", { nullable: true }),
  }),
});

type UserRow = { email: string; name: string | null };
export const UserRef = builder.objectRef<UserRow>("User").implement({
  description: "A user as others in the same account see them.",
  fields: (t) => ({
    email: t.exposeString("email"),
    name: t.exposeString("name", { nullable: true }),
  }),
});

export const AccountUserRef = builder.objectRef<AccountMemberRow>("AccountUser").implement({
  fields: (t) => ({
    role: t.field({ type: AccountRoleEnum, resolve: (au) => au.role }),
    identityUser: t.field({ type: UserRef, nullable: true, resolve: (au) => au.user }),
  }),
});

export const AccountRef = builder.objectRef<AccountRow>("Account").implement({
  description: "A company account: the tenant that owns customers, quotes and templates.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    language: t.field({ type: LanguageEnum, resolve: (a) => a.language }),
    currency: t.field({ type: CurrencyEnum, resolve: (a) => a.currency }),
    subscriptionPlan: t.field({ type: SubscriptionPlanEnum, resolve: (a) => a.subscriptionPlan }),
    subscriptionInterval: t.field({ type: SubscriptionIntervalEnum, nullable: true, resolve: (a) => a.subscriptionInterval }),
    expiredAt: t.field({ type: "DateTime", nullable: true, resolve: (a) => a.expiredAt }),
    country: t.exposeString("country", { nullable: true }),
    billingFirstName: t.exposeString("billingFirstName", { nullable: true }),
    billingLastName: t.exposeString("billingLastName", { nullable: true }),
    billingStreetAndNumber: t.exposeString("billingStreetAndNumber", { nullable: true }),
    billingStreetAdditional: t.exposeString("billingStreetAdditional", { nullable: true }),
    billingPostalCode: t.exposeString("billingPostalCode", { nullable: true }),
    billingCity: t.exposeString("billingCity", { nullable: true }),
    billingCountry: t.exposeString("billingCountry", { nullable: true }),
    quoteStreetAndNumber: t.exposeString("quoteStreetAndNumber", { nullable: true }),
    quotePostalCode: t.exposeString("quotePostalCode", { nullable: true }),
    quoteCity: t.exposeString("quoteCity", { nullable: true }),
    linkColor: t.exposeString("linkColor", { nullable: true }),
    textColor: t.exposeString("textColor", { nullable: true }),
    textFont: t.exposeString("textFont", { nullable: true }),
    fileUrl: t.string({
      nullable: true,
      description: "The company logo; `version` busts caches after a new upload.",
      args: { version: t.arg.int({ required: true }) },
      // Served by GET /files/… (src/server/files/files.routes.ts); null until a logo is uploaded.
      resolve: (a, args) => (a.logoFileKey && isFileKey(a.logoFileKey) ? filePath(a.logoFileKey, args.version) : null),
    }),
    identityAccountsUsers: t.loadableGroup({
      type: AccountUserRef,
      description: "The account's team.",
      extensions: cost.perParent(5),
      load: (ids: string[], ctx) => findMembersOfAccounts(ctx.db, ids),
      group: (member) => member.accountId,
      resolve: (a) => a.id,
    }),
  }),
});

const AccountPageRef = pageType<AccountRow>("Account", AccountRef);

builder.queryField("me", (t) =>
  t.field({
    type: CurrentUserRef,
    nullable: true,
    description: "The signed-in user, or null for a visitor.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.auth.user,
  }),
);

builder.queryField("account", (t) =>
  t.field({
    type: AccountRef,
    description: "The selected account (the `Account` header).",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    resolve: async (_root, _args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const account = await getAccountById(ctx.db, accountId);
      if (!account) throw notFound();
      return account;
    },
  }),
);

builder.queryField("accounts", (t) =>
  t.field({
    type: AccountPageRef,
    description: "The accounts the signed-in user belongs to.",
    authScopes: { signedIn: true },
    extensions: cost.page,
    args: pageArgs,
    resolve: async (_root, args, ctx) => {
      const user = requireUser(ctx);
      const page = parsePage(args);
      const { items, total } = await findAccountsForUser(ctx.db, user.id, page);
      return { items, totalCount: total, page: page.page, pageSize: page.pageSize };
    },
  }),
);

const SignUpInput = builder.inputType("SignUpInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    companyName: t.string({ required: true }),
  }),
});

builder.mutationField("signUp", (t) =>
  t.field({
    type: AccountRef,
    description:
      "Completes registration of a signed-in user who has no account yet: sets their name and creates a company account on the 14-day trial with them as owner.",
    authScopes: { signedIn: true },
    extensions: cost.mutation,
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const user = requireUser(ctx);
      return completeSignUp(ctx.db, { userId: user.id, ...parseInput(ZSignUpInput, args.input), locale: ctx.locale });
    },
  }),
);
