import type { TFunction } from "i18next";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { graphql } from "../../../graphql/generated";
import { useLocale, useTranslation } from "../../../i18n";
import { linkButton, serverRefusal } from "../../../lib/mutation-errors";
import type { IntegrationCardProps } from "../cards";
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
  const [confirming, setConfirming] = useState(false);
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
      {callback === "connected" ? (
        <div data-testid="docusign-callback-connected">
          <Alert kind="success">{t("integrations:docusign.connectedCallback")}</Alert>
        </div>
      ) : null}
      {callback === "error" ? (
        <div data-testid="docusign-callback-error">
          <Alert>{t("integrations:docusign.callbackFailed", { reason: callbackReason(t, search.get("reason")) })}</Alert>
        </div>
      ) : null}
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(settings)}
        onRetry={refresh}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {connection ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm" data-testid="docusign-connection">
          <p className="min-w-0 break-words text-slate-700">{t("integrations:docusign.connected", { label })}</p>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t("integrations:docusign.disconnect")}
          </Button>
        </div>
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
      <ConfirmDialog
        open={confirming}
        title={t("integrations:docusign.disconnectTitle")}
        confirmLabel={t("integrations:docusign.disconnect")}
        cancelLabel={t("integrations:docusign.keep")}
        danger
        busy={disconnecting}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await disconnect({});
          setConfirming(false);
          if (result.error) return void toast.error(serverRefusal(result.error, t("errors.generic")).message);
          toast.success(t("integrations:docusign.disconnected"));
          refresh();
        }}
      >
        <p>{t("integrations:docusign.disconnectBody")}</p>
      </ConfirmDialog>
    </IntegrationCard>
  );
}

function callbackReason(t: TFunction, reason: string | null): string {
  if (reason === "denied" || reason === "failed" || reason === "plan") return t(`integrations:docusign.reasons.${reason}`);
  return t("integrations:docusign.reasons.state");
}
