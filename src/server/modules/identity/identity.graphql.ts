import { builder } from "../../graphql/builder";
import type { CurrentUser } from "../../graphql/context";

export const CurrentUserRef = builder.objectRef<CurrentUser>("CurrentUser").implement({
  description: "The signed-in user.",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    name: t.exposeString("name", { nullable: true }),
  }),
});

builder.queryField("me", (t) =>
  t.field({
    type: CurrentUserRef,
    nullable: true,
    description: "The signed-in user, or null for a visitor.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.auth.user,
  }),
);
