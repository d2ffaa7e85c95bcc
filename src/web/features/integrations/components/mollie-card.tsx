import type { TFunction } from "i18next";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { z } from "zod";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { graphql } from "../../../graphql/generated";
import { useLocale, useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { linkButton, serverRefusal } from "../../../lib/mutation-errors";
import type { IntegrationCardProps } from "../cards";
import { ConnectedAccount, OAuthCallbackAlert } from "./connected-account";
import { IntegrationCard, StateBadge } from "./integration-card";

const MollieQuery = graphql(`
  query MollieSettings {
    mollie {
      connectAvailable
      connectUrl
      connection {
        method
        mode
        displayName
        connectedAt
      }
    }
  }
`);

const ConnectMollieApiKeyMutation = graphql(`
  mutation ConnectMollieApiKey($apiKey: String!) {
    connectMollieApiKey(apiKey: $apiKey) {
      method
      mode
      displayName
    }
  }
`);

const DisconnectMollieMutation = graphql(`
  mutation DisconnectMollie {
    disconnectMollie
  }
`);

/** The same rule the server applies first (test_ or live_ and 30 letters and digits). */
const ZMollieKey = z.object({
  apiKey: z
    .string()
    .trim()
    .regex(/^(test|live)_[A-Za-z0-9]{30}$/, { error: "integrations:errors.mollieKeyInvalid" }),
});

/**
 * Mollie (issue 26; decision 057): the owner's own Mollie account, where their customers' payments
 * go. "Connect with Mollie" (OAuth, a full page navigation to /api/integrations/mollie/connect)
 * when the server has a Connect app; otherwise a pasted API key of the owner's account.
 */
export function MollieCard({ locked, canUpgrade }: IntegrationCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [{ data, fetching, error }, refetch] = useQuery({ query: MollieQuery, requestPolicy: "cache-and-network" });
  const [search] = useSearchParams();
  const callback = search.get("mollie");
  const [{ fetching: disconnecting }, disconnect] = useMutation(DisconnectMollieMutation);
  const settings = data?.mollie;
  const connection = settings?.connection ?? null;
  const refresh = () => refetch({ requestPolicy: "network-only" });
  const label = connection ? `${connection.displayName ?? "Mollie"}${connection.mode === "test" ? ` (${t("integrations:mollie.testMode")})` : ""}` : "";
  const state = !settings ? null : connection ? (
    <StateBadge tone="ok" testId="integration-mollie-state">
      {t("integrations:state.connectedAs", { label })}
    </StateBadge>
  ) : (
    <StateBadge tone="off" testId="integration-mollie-state">
      {t("integrations:state.notConnected")}
    </StateBadge>
  );
  return (
    <IntegrationCard
      id="mollie"
      name={t("integrations:mollie.name")}
      description={t("integrations:mollie.description")}
      state={state}
      locked={locked}
      canUpgrade={canUpgrade}
    >
      <OAuthCallbackAlert provider="mollie" callback={callback} failure={() => callbackReason(t, search.get("reason"), search.get("error"))} />
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(settings)}
        onRetry={refresh}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {connection ? (
        <ConnectedAccount provider="mollie" disconnect={() => disconnect({})} busy={disconnecting} onDisconnected={refresh}>
          {t(connection.method === "OAUTH" ? "integrations:mollie.viaOAuth" : "integrations:mollie.viaApiKey", { label })}
        </ConnectedAccount>
      ) : null}
      {settings && !connection && !locked ? (
        settings.connectAvailable ? (
          <a href={`${settings.connectUrl}&locale=${locale}`} className={linkButton.primary} data-testid="mollie-connect">
            {t("integrations:mollie.connect")}
          </a>
        ) : (
          <ApiKeyForm onConnected={refresh} />
        )
      ) : null}
    </IntegrationCard>
  );
}

function ApiKeyForm({ onConnected }: { onConnected: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useZodForm(ZMollieKey, { apiKey: "" });
  const { register, formState, handleSubmit, reset } = form;
  const [{ fetching }, connect] = useMutation(ConnectMollieApiKeyMutation);
  const onSubmit = handleSubmit(async ({ apiKey }) => {
    const result = await connect({ apiKey });
    if (result.error || !result.data) return void toast.error(applyServerErrors(form, result.error, t("errors.generic")));
    toast.success(t("integrations:mollie.connectedCallback"));
    reset({ apiKey: "" });
    onConnected();
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="space-y-4" data-testid="mollie-key-form">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t("integrations:mollie.keyTitle")}
      </h3>
      {formState.errors.root?.server ? <Alert>{formState.errors.root.server.message}</Alert> : null}
      <TextField
        label={t("integrations:mollie.apiKey")}
        hint={t("integrations:mollie.apiKeyHint")}
        type="password"
        autoComplete="off"
        spellCheck={false}
        error={formState.errors.apiKey?.message}
        {...register("apiKey")}
      />
      <Button type="submit" busy={fetching}>
        {t("integrations:mollie.saveKey")}
      </Button>
    </form>
  );
}

function callbackReason(t: TFunction, reason: string | null, error: string | null): string {
  if (reason === "denied") return t("integrations:errors.oauthDenied");
  if (reason === "plan") return t("integrations:upgrade.body");
  if (reason === "failed") return t("integrations:errors.oauthFailed", { error: error ?? "error" });
  return t("integrations:errors.oauthState");
}
