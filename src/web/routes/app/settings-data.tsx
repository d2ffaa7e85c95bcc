import { useQuery } from "urql";
import type { AccountRole } from "../../../shared/enums";
import { QueryState } from "../../components/ui/query-state";
import { YourData } from "../../features/team/components/your-data";
import { YourDataQuery } from "../../features/team/operations";
import { useTranslation } from "../../i18n";
import { serverRefusal } from "../../lib/mutation-errors";

/** /app/settings/data — your data: export the account, delete it, delete my user. */
export default function SettingsDataPage() {
  const { t } = useTranslation();
  const [{ data, fetching, error }, refetch] = useQuery({ query: YourDataQuery, requestPolicy: "cache-and-network" });
  const mine = data?.teamMembers.find((m) => m.status === "MEMBER" && m.id === data.me?.id);
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <title>{`${t("team:data.title")} · Offerly`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{t("team:data.title")}</h1>
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(data)}
        onRetry={() => refetch({ requestPolicy: "network-only" })}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {data ? <YourData account={data.account} myRole={(mine?.role.toLowerCase() ?? "member") as AccountRole} /> : null}
    </section>
  );
}
