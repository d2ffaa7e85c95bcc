import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useMutation } from "urql";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { useLocale, useLocalizedHref, useTranslation } from "../../../i18n";
import { rememberAccount } from "../../../lib/account-cookie";
import { signOut } from "../../../lib/auth-client";
import { linkButton, serverRefusal } from "../../../lib/mutation-errors";
import type { InvitationPageData } from "../invitation.server";
import { AcceptInvitationMutation, DeclineInvitationMutation } from "../operations";

/** The invitation behind a link: who invited whom to which company; accept (signing in first) or decline. */
export function AcceptInvitation({ data }: { data: InvitationPageData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const [declined, setDeclined] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [{ fetching: accepting }, accept] = useMutation(AcceptInvitationMutation);
  const [{ fetching: declining }, decline] = useMutation(DeclineInvitationMutation);
  const { invitation, token, signedInAs } = data;

  if (!invitation) {
    return (
      <div className="space-y-4" data-testid="invitation-invalid">
        <h1 className="text-2xl font-bold tracking-tight">{t("team:accept.invalidTitle")}</h1>
        {/* Without a token: what the page is for and what to do; with one that is not open: why and what to do. */}
        <Alert kind={token ? "error" : "info"}>{token ? t("team:accept.closed") : t("team:accept.noToken")}</Alert>
        <Link to={href("/")} className={linkButton.secondary}>
          {t("team:accept.toApp")}
        </Link>
      </div>
    );
  }
  if (declined) return <Alert kind="info">{t("team:accept.declined")}</Alert>;

  const role = t(`team:roles.${invitation.role.toLowerCase() as "owner" | "admin" | "member"}`);
  const company = invitation.accountName;
  const wrongUser = signedInAs !== null && signedInAs !== invitation.email;
  const returnTo = `${href("/accept-invite")}?token=${encodeURIComponent(token)}`;

  async function onAccept() {
    const result = await accept({ token });
    if (result.error || !result.data) {
      setFailure(serverRefusal(result.error, t("team:accept.invalid")).message);
      return;
    }
    rememberAccount(result.data.acceptInvitation.id);
    toast.success(t("team:accept.accepted"));
    navigate(href("/app"));
  }

  async function onDecline() {
    const result = await decline({ token });
    if (result.error) {
      setFailure(serverRefusal(result.error, t("team:accept.invalid")).message);
      return;
    }
    setDeclined(true);
  }

  return (
    <div className="space-y-4" data-testid="invitation">
      <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere]">{t("team:accept.title", { company })}</h1>
      <p className="text-slate-700">
        {invitation.inviterName ? t("team:accept.body", { inviter: invitation.inviterName, company, role }) : t("team:accept.bodyNoInviter", { company, role })}
      </p>
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{t("team:accept.forEmail", { email: invitation.email })}</p>
      {failure ? <Alert>{failure}</Alert> : null}
      {wrongUser ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{t("team:accept.signedInAs", { email: signedInAs })}</p>
          <Alert>{t("team:errors.wrongUser")}</Alert>
          <Button variant="secondary" onClick={() => signOut(locale)}>
            {t("appNav.signOut")}
          </Button>
        </div>
      ) : null}
      {wrongUser ? null : (
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" busy={declining} onClick={onDecline} data-testid="decline-invitation">
            {t("team:accept.decline")}
          </Button>
          {signedInAs === null ? (
            <Link to={`${href("/auth/sign-in")}?returnTo=${encodeURIComponent(returnTo)}`} className={linkButton.primary} data-testid="sign-in-to-accept">
              {t("team:accept.signIn")}
            </Link>
          ) : (
            <Button busy={accepting} onClick={onAccept} data-testid="accept-invitation">
              {t("team:accept.accept")}
            </Button>
          )}
        </div>
      )}
      {signedInAs === null ? <p className="text-sm text-slate-600">{t("team:accept.signInToAccept", { email: invitation.email })}</p> : null}
    </div>
  );
}
