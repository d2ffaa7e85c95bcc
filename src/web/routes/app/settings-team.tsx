import { Link } from "react-router";
import { useQuery } from "urql";
import type { AccountRole } from "../../../shared/enums";
import { hasPermission } from "../../../shared/permissions";
import { Alert } from "../../components/ui/alert";
import { EmptyState } from "../../components/ui/empty-state";
import { QueryState } from "../../components/ui/query-state";
import { SettingsNav } from "../../features/settings/components/settings-nav";
import { InviteForm } from "../../features/team/components/invite-form";
import { TeamTable } from "../../features/team/components/team-table";
import { TeamQuery } from "../../features/team/operations";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { serverRefusal } from "../../lib/mutation-errors";

/** /app/settings/team — members and invitations; owners and admins invite and manage. */
export default function SettingsTeamPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [{ data, fetching, error }, refetch] = useQuery({ query: TeamQuery, requestPolicy: "cache-and-network" });
  const me = data?.me;
  const mine = data?.teamMembers.find((m) => m.status === "MEMBER" && m.id === me?.id);
  const myRole = (mine?.role.toLowerCase() ?? "member") as AccountRole;

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8 *:max-w-4xl">
      <title>{`${t("team:title")} · Offerly`}</title>
      <div className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{t("team:title")}</h1>
          <Link to={href("/app/settings/data")} className="text-sm font-medium text-brand-700 hover:underline">
            {t("team:data.title")} →
          </Link>
        </div>
        <SettingsNav />
      </div>
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(data)}
        onRetry={() => refetch({ requestPolicy: "network-only" })}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {data && me ? (
        <>
          <p className="text-slate-600">{t("team:intro", { company: data.account.name })}</p>
          {hasPermission(myRole, "team.invite") ? <InviteForm myRole={myRole} /> : <Alert kind="info">{t("team:readOnly")}</Alert>}
          <TeamTable members={data.teamMembers} myId={me.id} myRole={myRole} />
          {data.teamMembers.length <= 1 ? <EmptyState title={t("team:empty")} /> : null}
        </>
      ) : null}
    </section>
  );
}
