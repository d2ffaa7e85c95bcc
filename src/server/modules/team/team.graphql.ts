import { ZInvitationToken, ZInviteUserInput } from "../../../shared/team";
import { notFound } from "../../errors";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { AccountRoleEnum } from "../../graphql/enums";
import { requirePermission, requirePerson, requireUser } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { AccountRef } from "../identity/identity.graphql";
import { getAccountById } from "../identity/accounts.service";
import {
  type InvitationView,
  type TeamMemberRow,
  acceptInvitation,
  changeMemberRole,
  declineInvitation,
  findTeam,
  getInvitationByToken,
  inviteUser,
  removeMember,
  revokeInvitation,
  transferOwnership,
} from "./team.service";

const TeamMemberStatusEnum = builder.enumType("TeamMemberStatus", {
  values: { INVITED: { value: "invited" }, MEMBER: { value: "member" } } as const,
});

export const TeamMemberRef = builder.objectRef<TeamMemberRow>("TeamMember").implement({
  description: "Someone in the account's team: a member, or an address with an open invitation.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The user's id for a member, the invitation's id while invited." }),
    email: t.exposeString("email"),
    name: t.exposeString("name", { nullable: true }),
    role: t.field({ type: AccountRoleEnum, resolve: (m) => m.role }),
    status: t.field({ type: TeamMemberStatusEnum, resolve: (m) => m.status }),
    expiresAt: t.field({ type: "DateTime", nullable: true, resolve: (m) => m.expiresAt }),
  }),
});

const InvitationRef = builder.objectRef<InvitationView>("Invitation").implement({
  description: "An open invitation, as its link shows it: who invited whom to which company.",
  fields: (t) => ({
    email: t.exposeString("email"),
    name: t.exposeString("name", { nullable: true }),
    role: t.field({ type: AccountRoleEnum, resolve: (i) => i.role }),
    accountName: t.exposeString("accountName"),
    inviterName: t.exposeString("inviterName", { nullable: true }),
    expiresAt: t.field({ type: "DateTime", resolve: (i) => i.expiresAt }),
  }),
});

const InviteUserInput = builder.inputType("InviteUserInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    name: t.string(),
    role: t.field({ type: AccountRoleEnum, description: "MEMBER when left out." }),
  }),
});

builder.queryField("teamMembers", (t) =>
  t.field({
    type: [TeamMemberRef],
    description: "The selected account's members and open invitations.",
    authScopes: { permission: "team.read" },
    extensions: cost.one,
    resolve: (_root, _args, ctx) => findTeam(ctx.db, requirePermission(ctx, "team.read").accountId),
  }),
);

builder.queryField("invitation", (t) =>
  t.field({
    type: InvitationRef,
    description: "The invitation behind a link (no sign-in needed). A used, declined, revoked or expired link is an error.",
    authScopes: { public: true },
    extensions: cost.one,
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getInvitationByToken(ctx.db, parseInput(ZInvitationToken, args.token)),
  }),
);

builder.mutationField("inviteUser", (t) =>
  t.field({
    type: TeamMemberRef,
    description: "Invites someone by e-mail (in the inviter's language); an address already invited or a member is refused.",
    authScopes: { permission: "team.invite" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: InviteUserInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const scope = requirePerson(requirePermission(ctx, "team.invite"));
      const input = parseInput(ZInviteUserInput, args.input);
      return inviteUser({ db: ctx.db, t: ctx.t, locale: ctx.locale, publicUrl: ctx.config.publicUrl }, scope, input);
    },
  }),
);

builder.mutationField("revokeInvitation", (t) =>
  t.boolean({
    authScopes: { permission: "team.remove" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => revokeInvitation(ctx.db, requirePerson(requirePermission(ctx, "team.remove")), String(args.id)),
  }),
);

builder.mutationField("updateMemberRole", (t) =>
  t.field({
    type: TeamMemberRef,
    description: "Gives a member another role. The last owner cannot be demoted; only owners give or take the owner role.",
    authScopes: { permission: "team.manageRoles" },
    extensions: cost.mutation,
    args: { userId: t.arg.id({ required: true }), role: t.arg({ type: AccountRoleEnum, required: true }) },
    resolve: (_root, args, ctx) => changeMemberRole(ctx.db, requirePerson(requirePermission(ctx, "team.manageRoles")), String(args.userId), args.role),
  }),
);

builder.mutationField("removeMember", (t) =>
  t.boolean({
    description: "Removes a member from the account (never the last owner).",
    authScopes: { permission: "team.remove" },
    extensions: cost.mutation,
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => removeMember(ctx.db, requirePerson(requirePermission(ctx, "team.remove")), String(args.userId)),
  }),
);

builder.mutationField("transferOwnership", (t) =>
  t.boolean({
    description: "Makes another member owner; the caller stays as admin.",
    authScopes: { permission: "team.transferOwnership" },
    extensions: cost.mutation,
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => transferOwnership(ctx.db, requirePerson(requirePermission(ctx, "team.transferOwnership")), String(args.userId)),
  }),
);

builder.mutationField("acceptInvitation", (t) =>
  t.field({
    type: AccountRef,
    description: "Joins the invitation's account as the signed-in user, whose e-mail must be the invited one. Single use.",
    authScopes: { signedIn: true },
    extensions: cost.mutation,
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const user = requireUser(ctx);
      const { accountId } = await acceptInvitation(ctx.db, user, parseInput(ZInvitationToken, args.token));
      const account = await getAccountById(ctx.db, accountId);
      if (!account) throw notFound();
      return account;
    },
  }),
);

builder.mutationField("declineInvitation", (t) =>
  t.boolean({
    description: "Declines an invitation (the link is enough; no sign-in needed).",
    authScopes: { public: true },
    extensions: cost.mutation,
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => declineInvitation(ctx.db, parseInput(ZInvitationToken, args.token)),
  }),
);
