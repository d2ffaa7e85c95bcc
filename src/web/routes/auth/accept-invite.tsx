import { AcceptInvitation } from "../../features/team/components/accept-invitation";
import { loadInvitationPage } from "../../features/team/invitation.server";
import { GraphQLProvider } from "../../graphql/provider";
import { useTranslation } from "../../i18n";
import type { Route } from "./+types/accept-invite";

/** No sign-in needed to see or decline an invitation (SPEC §2); accepting signs in first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadInvitationPage(context, request);
}

export default function AcceptInvitePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="p-6 sm:p-8">
      <title>{`${t("pages.acceptInvite")} · Offerly`}</title>
      <GraphQLProvider accountId={null}>
        <AcceptInvitation data={loaderData} />
      </GraphQLProvider>
    </div>
  );
}
