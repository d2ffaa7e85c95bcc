import { useId } from "react";
import { useMutation, useQuery } from "urql";
import { HARVEST_CREATE, type HarvestCreate, ZHarvestConnectInput } from "../../../shared/harvest";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { SelectField, TextField } from "../../components/ui/field";
import { QueryState } from "../../components/ui/query-state";
import { toast } from "../../components/ui/toast";
import { graphql } from "../../graphql/generated";
import { useTranslation } from "../../i18n";
import { applyServerErrors, useZodForm } from "../../lib/form";
import { serverRefusal } from "../../lib/mutation-errors";
import { useRefusalToast } from "../../lib/use-refusal-toast";
import type { IntegrationCardProps } from "./cards";
import { ConnectionItem } from "./components/connection-item";
import { IntegrationCard, StateBadge } from "./components/integration-card";
import { IntegrationsQuery } from "./operations";

/** Harvest's own fields (issue 24, decision 055); disconnecting and the deliveries are the shared integration fields. */
const HarvestConnectionQuery = graphql(`
  query HarvestConnection {
    harvestConnection {
      id
      harvestAccountId
      accountName
      userName
      create
      enabled
      disabledReason
    }
  }
`);

const ConnectHarvestMutation = graphql(`
  mutation ConnectHarvest($token: String!, $accountId: String!, $create: HarvestCreate!) {
    connectHarvest(token: $token, accountId: $accountId, create: $create) {
      id
      harvestAccountId
      accountName
      userName
      create
      enabled
      disabledReason
    }
  }
`);

const UpdateHarvestMutation = graphql(`
  mutation UpdateHarvest($create: HarvestCreate!) {
    updateHarvest(create: $create) {
      id
      create
    }
  }
`);

/**
 * Harvest (issue 24, decision 055): "turn a signed quote into a project and an accepted estimate".
 * Not connected: a form with a personal access token, the account id and what to create. Connected:
 * who it is connected as, what a signed quote becomes (changeable), switch off, disconnect (after a
 * confirmation) and the last deliveries; a connection Harvest refused shows why and the form again.
 */
export function HarvestCard({ locked, canUpgrade }: IntegrationCardProps) {
  const { t } = useTranslation();
  const [{ data, fetching, error }, refetch] = useQuery({ query: IntegrationsQuery, variables: { kind: "harvest" }, requestPolicy: "cache-and-network" });
  const [own, refetchOwn] = useQuery({ query: HarvestConnectionQuery, requestPolicy: "cache-and-network" });
  const connection = data?.integrations[0] ?? null;
  const attention = connection ? !connection.enabled && connection.disabledReason !== "MANUAL" : false;
  const refresh = () => {
    refetch({ requestPolicy: "network-only" });
    refetchOwn({ requestPolicy: "network-only" });
  };
  const state = !data ? null : attention ? (
    <StateBadge tone="warn" testId="integration-harvest-state">
      {t("harvest:needsAttention")}
    </StateBadge>
  ) : connection ? (
    <StateBadge tone="ok" testId="integration-harvest-state">
      {t("harvest:connectedTo", { company: connection.label })}
    </StateBadge>
  ) : (
    <StateBadge tone="off" testId="integration-harvest-state">
      {t("harvest:notConnected")}
    </StateBadge>
  );
  // Harvest's own settings, once loaded for this connection (never a default shown as if it were the setting).
  const ownConnection = own.data?.harvestConnection ?? null;
  const create = ownConnection?.create ?? "BOTH";
  return (
    <IntegrationCard id="harvest" name={t("harvest:title")} description={t("harvest:description")} state={state} locked={locked} canUpgrade={canUpgrade}>
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(data)}
        onRetry={() => refetch({ requestPolicy: "network-only" })}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {connection ? (
        <ul className="space-y-3" data-testid="harvest-connection">
          <ConnectionItem connection={connection} locked={locked} />
        </ul>
      ) : null}
      {connection && !locked && !attention && ownConnection?.id === connection.id ? (
        <SettingsForm key={ownConnection.create} create={ownConnection.create} />
      ) : null}
      {data && !locked && (!connection || attention) ? (
        <ConnectForm reconnect={Boolean(connection)} accountId={own.data?.harvestConnection?.harvestAccountId ?? ""} create={create} onConnected={refresh} />
      ) : null}
    </IntegrationCard>
  );
}

function useCreateOptions(): { value: string; label: string }[] {
  const { t } = useTranslation();
  const labels: Record<HarvestCreate, string> = {
    PROJECT: t("harvest:form.createOptions.PROJECT"),
    ESTIMATE: t("harvest:form.createOptions.ESTIMATE"),
    BOTH: t("harvest:form.createOptions.BOTH"),
  };
  return HARVEST_CREATE.map((value) => ({ value, label: labels[value] }));
}

function ConnectForm({ reconnect, accountId, create, onConnected }: { reconnect: boolean; accountId: string; create: HarvestCreate; onConnected: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useZodForm(ZHarvestConnectInput, { token: "", accountId, create });
  const { register, formState, handleSubmit, reset } = form;
  const { errors } = formState;
  const [{ fetching }, connect] = useMutation(ConnectHarvestMutation);
  const options = useCreateOptions();
  const onSubmit = handleSubmit(async (input) => {
    const result = await connect(input);
    if (result.error || !result.data) return void toast.error(applyServerErrors(form, result.error, t("errors.generic")));
    toast.success(t("harvest:connectedTo", { company: result.data.connectHarvest.accountName ?? result.data.connectHarvest.harvestAccountId }));
    reset({ token: "", accountId: input.accountId, create: input.create });
    onConnected();
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="space-y-4" data-testid="harvest-connect-form">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t(reconnect ? "harvest:form.reconnect" : "harvest:form.connect")}
      </h3>
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField
        label={t("harvest:form.token")}
        hint={t("harvest:form.tokenHint")}
        type="password"
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={500}
        error={errors.token?.message}
        data-testid="harvest-token"
        {...register("token")}
      />
      <TextField
        label={t("harvest:form.accountId")}
        hint={t("harvest:form.accountIdHint")}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={20}
        error={errors.accountId?.message}
        data-testid="harvest-account-id"
        {...register("accountId")}
      />
      <SelectField label={t("harvest:form.create")} options={options} error={errors.create?.message} data-testid="harvest-create" {...register("create")} />
      <Button type="submit" busy={fetching} data-testid="harvest-connect">
        {fetching ? t("harvest:form.connecting") : t(reconnect ? "harvest:form.reconnect" : "harvest:form.connect")}
      </Button>
    </form>
  );
}

function SettingsForm({ create }: { create: HarvestCreate }) {
  const { t } = useTranslation();
  const showRefusal = useRefusalToast();
  const [{ fetching }, update] = useMutation(UpdateHarvestMutation);
  const options = useCreateOptions();
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      data-testid="harvest-settings"
      onSubmit={async (event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get("create") as HarvestCreate;
        const result = await update({ create: value });
        if (showRefusal(result.error)) return;
        toast.success(t("harvest:form.saved"));
      }}
    >
      <SelectField
        label={t("harvest:form.create")}
        name="create"
        defaultValue={create}
        options={options}
        className="sm:min-w-72"
        data-testid="harvest-settings-create"
      />
      <Button type="submit" variant="secondary" busy={fetching} data-testid="harvest-save">
        {fetching ? t("harvest:form.saving") : t("harvest:form.save")}
      </Button>
    </form>
  );
}
