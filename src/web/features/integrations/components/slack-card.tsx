import type { TFunction } from "i18next";
import { useSearchParams } from "react-router";
import { useQuery } from "urql";
import { SLACK_EVENT_TYPES } from "../../../../shared/integrations";
import { QueryState } from "../../../components/ui/query-state";
import { useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import type { IntegrationCardProps } from "../cards";
import { IntegrationsQuery } from "../operations";
import { OAuthCallbackAlert } from "./connected-account";
import { ConnectionItem } from "./connection-item";
import { IntegrationCard, StateBadge } from "./integration-card";
import { SlackConnect } from "./slack-connect";

/**
 * Slack (issue 24, decision 054): the connected channels (several per account), each with its
 * events, state and last messages; "Add to Slack" (OAuth) or a pasted incoming-webhook URL.
 */
export function SlackCard({ locked, canUpgrade }: IntegrationCardProps) {
  const { t } = useTranslation();
  const [{ data, fetching, error }, refetch] = useQuery({ query: IntegrationsQuery, variables: { kind: "slack" }, requestPolicy: "cache-and-network" });
  const channels = data?.integrations;
  // The outcome of "Add to Slack" (the OAuth callback redirects here with it).
  const [search] = useSearchParams();
  const callback = search.get("slack");
  const attention = channels?.some((c) => !c.enabled && c.disabledReason !== "MANUAL");
  const state = !channels ? null : attention ? (
    <StateBadge tone="warn" testId="integration-slack-state">
      {t("integrations:state.needsAttention")}
    </StateBadge>
  ) : channels.length > 0 ? (
    <StateBadge tone="ok" testId="integration-slack-state">
      {t("integrations:state.connectedAs", { label: channels.map((c) => c.label).join(", ") })}
    </StateBadge>
  ) : (
    <StateBadge tone="off" testId="integration-slack-state">
      {t("integrations:state.notConnected")}
    </StateBadge>
  );
  return (
    <IntegrationCard
      id="slack"
      name={t("integrations:slack.name")}
      description={t("integrations:slack.description")}
      state={state}
      locked={locked}
      canUpgrade={canUpgrade}
    >
      <OAuthCallbackAlert
        provider="slack"
        callback={callback}
        connectedValues={{ channel: search.get("channel") ?? "" }}
        failure={() => callbackReason(t, search.get("reason"), search.get("error"))}
      />
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(channels)}
        onRetry={() => refetch({ requestPolicy: "network-only" })}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {channels && channels.length > 0 ? (
        <ul className="space-y-3" data-testid="slack-channels">
          {channels.map((channel) => (
            <ConnectionItem key={channel.id} connection={channel} locked={locked} eventChoices={SLACK_EVENT_TYPES} />
          ))}
        </ul>
      ) : null}
      {!locked && channels ? <SlackConnect hasChannels={channels.length > 0} /> : null}
    </IntegrationCard>
  );
}

function callbackReason(t: TFunction, reason: string | null, error: string | null): string {
  if (reason === "denied") return t("integrations:errors.oauthDenied");
  if (reason === "plan") return t("integrations:upgrade.body");
  if (reason === "url") return t("integrations:errors.slackUrlNotAllowed");
  if (reason === "limit") return t("integrations:slack.channelsLimit", { max: 10 });
  if (reason === "failed") return t("integrations:errors.oauthFailed", { error: error ?? "error" });
  return t("integrations:errors.oauthState");
}
