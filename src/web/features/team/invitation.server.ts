import type { AppLoadContext } from "react-router";
import { findOpenInvitation } from "../../../server/modules/team/team.server";
import { ZInvitationToken } from "../../../shared/team";

export type InvitationPageData = {
  token: string;
  invitation: { email: string; name: string | null; role: string; accountName: string; inviterName: string | null } | null;
  /** The signed-in user's e-mail, if anyone is signed in. */
  signedInAs: string | null;
};

/**
 * What /accept-invite shows, read on the server so that the page works before (and without)
 * JavaScript: the open invitation behind the link, or null for any link that is not open.
 */
export async function loadInvitationPage(context: AppLoadContext, request: Request): Promise<InvitationPageData> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const signedInAs = context.ctx.auth.user?.email ?? null;
  if (!ZInvitationToken.safeParse(token).success) return { token: "", invitation: null, signedInAs };
  const found = await findOpenInvitation(context.ctx.db, token);
  if (!found) return { token, invitation: null, signedInAs };
  return {
    token,
    invitation: { email: found.email, name: found.name, role: found.role, accountName: found.accountName, inviterName: found.inviterName },
    signedInAs,
  };
}
