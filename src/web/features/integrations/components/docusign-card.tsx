import type { TFunction } from "i18next";
import { useSearchParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { QueryState } from "../../../components/ui/query-state";
import { graphql } from "../../../graphql/generated";
import { useLocale, useTranslation } from "../../../i18n";
import { linkButton, serverRefusal } from "../../../lib/mutation-errors";
import type { IntegrationCardProps } from "../cards";
import { ConnectedAccount, OAuthCallbackAlert } from "./connected-account";
import { IntegrationCard, StateBadge } from "./integration-card";

const DocuSignQuery = graphql(`
  query DocuSignSettings {
    docusign {
      connectAvailable
      planAllows
      connectUrl
      connection {
        accountName
        userEmail
        connectedAt
      }
    }
  }
`);

const DisconnectDocuSignMutation = graphql(`
  mutation DisconnectDocuSign {
    disconnectDocuSign
  }
`);

/**
 * DocuSign (issue 25; decision 059): the account's own DocuSign account, connected with DocuSign's
 * OAuth (a full page navigation to /api/integrations/docusign/connect). Pro only: on another plan
 * the card says so (sending stops; the server refuses it too) and offers the upgrade.
 */
export function DocuSignCard({ locked, canUpgrade }: IntegrationCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [{ data, fetching, error }, refetch] = useQuery({ query: DocuSignQuery, requestPolicy: "cache-and-network" });
  const [search] = useSearchParams();
  const callback = search.get("docusign");
  const [{ fetching: disconnecting }, disconnect] = useMutation(DisconnectDocuSignMutation);
  const settings = data?.docusign;
  const connection = settings?.connection ?? null;
  const refresh = () => refetch({ requestPolicy: "network-only" });
  const planLocked = locked || (settings ? !settings.planAllows : false);
  const label = connection ? [connection.accountName, connection.userEmail].filter(Boolean).join(" · ") || "DocuSign" : "";
  const state = !settings ? null : connection ? (
    <StateBadge tone="ok" testId="integration-docusign-state">
      {t("integrations:state.connectedAs", { label: connection.accountName ?? "DocuSign" })}
    </StateBadge>
  ) : (
    <StateBadge tone="off" testId="integration-docusign-state">
      {t("integrations:state.notConnected")}
    </StateBadge>
  );
  return (
    <IntegrationCard
      id="docusign"
      name={t("integrations:docusign.name")}
      description={t("integrations:docusign.description")}
      state={state}
      locked={planLocked}
      canUpgrade={canUpgrade}
      upgradeMessage={t("integrations:docusign.planRequired")}
    >
      <OAuthCallbackAlert provider="docusign" callback={callback} failure={() => callbackReason(t, search.get("reason"))} />
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(settings)}
        onRetry={refresh}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {connection ? (
        <ConnectedAccount provider="docusign" disconnect={() => disconnect({})} busy={disconnecting} onDisconnected={refresh}>
          {t("integrations:docusign.connected", { label })}
        </ConnectedAccount>
      ) : null}
      {settings && !connection && !planLocked ? (
        settings.connectAvailable ? (
          <a href={`${settings.connectUrl}&locale=${locale}`} className={linkButton.primary} data-testid="docusign-connect">
            {t("integrations:docusign.connect")}
          </a>
        ) : (
          <p className="text-sm text-slate-600">{t("integrations:docusign.notConfigured")}</p>
        )
      ) : null}
    </IntegrationCard>
  );
}

function callbackReason(t: TFunction, reason: string | null): string {
  if (reason === "denied" || reason === "failed" || reason === "plan") return t(`integrations:docusign.reasons.${reason}`);
  return t("integrations:docusign.reasons.state");
}
