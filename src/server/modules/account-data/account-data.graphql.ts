import { ZConfirmName } from "../../../shared/team";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { requirePermission, requireUser } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { deleteAccount, deleteUser } from "./account-data.service";

builder.mutationField("deleteAccount", (t) =>
  t.boolean({
    description: "Deletes the selected account with all its data and files, after its name was typed to confirm. Owners only.",
    authScopes: { permission: "account.delete" },
    extensions: cost.mutation,
    args: { confirmName: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requirePermission(ctx, "account.delete");
      return deleteAccount(ctx.db, accountId, parseInput(ZConfirmName, args.confirmName));
    },
  }),
);

builder.mutationField("deleteMe", (t) =>
  t.boolean({
    description: "Deletes the signed-in user and signs them out everywhere; refused while they own an account.",
    authScopes: { signedIn: true },
    extensions: cost.mutation,
    resolve: (_root, _args, ctx) => deleteUser(ctx.db, requireUser(ctx).id),
  }),
);
