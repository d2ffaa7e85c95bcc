import { useId, useState } from "react";
import { useMutation, useQuery } from "urql";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { DeleteDialog } from "../../../components/ui/delete-dialog";
import { toast } from "../../../components/ui/toast";
import type { IntegrationConnectionFieldsFragment, IntegrationKind } from "../../../graphql/generated/graphql";
import { useLocale, useTranslation } from "../../../i18n";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { DisconnectIntegrationMutation, IntegrationDeliveriesQuery, SetIntegrationEnabledMutation, UpdateIntegrationEventsMutation } from "../operations";
import { integrationEventLabel } from "./event-label";
import { StateBadge } from "./integration-card";

function formatMoment(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/**
 * One connection of an integration (a Slack channel, a Harvest account): "connected as …", or why
 * it needs attention; the events it gets (editable when `eventChoices` is given); switch off / on
 * again; disconnect (after a confirmation); its last deliveries.
 */
export function ConnectionItem({
  connection,
  locked,
  eventChoices,
}: {
  connection: IntegrationConnectionFieldsFragment;
  locked: boolean;
  eventChoices?: readonly string[];
}) {
  const { t } = useTranslation();
  const showRefusal = useRefusalToast();
  const [editing, setEditing] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const [{ fetching: removing }, disconnect] = useMutation(DisconnectIntegrationMutation);
  const [{ fetching: switching }, setEnabled] = useMutation(SetIntegrationEnabledMutation);
  const label = connection.label;
  const attention = !connection.enabled && connection.disabledReason !== "MANUAL";
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4" data-testid="integration-connection" aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]" data-testid="integration-connection-label">
            {t("integrations:state.connectedAs", { label })}
          </p>
          {connection.detail ? <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{connection.detail}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {connection.deliveriesPaused ? <StateBadge tone="warn">{t("integrations:state.paused")}</StateBadge> : null}
          {connection.enabled ? null : (
            <StateBadge tone={attention ? "warn" : "off"} testId="integration-connection-state">
              {attention ? t("integrations:state.needsAttention") : t("integrations:state.off")}
            </StateBadge>
          )}
        </div>
      </div>
      {!connection.enabled && connection.disabledReason ? (
        <p className="text-sm text-amber-900" data-testid="integration-disabled-reason">
          {t(`integrations:disabledReason.${connection.disabledReason}`)}
        </p>
      ) : null}
      {editing && eventChoices ? (
        <EventsForm connection={connection} choices={eventChoices} onDone={() => setEditing(false)} />
      ) : (
        <div>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("integrations:connection.events")}</h4>
          <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="integration-events">
            {connection.eventTypes.map((type) => (
              <li key={type} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                {integrationEventLabel(t, type)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        {!locked && eventChoices && !editing ? (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            aria-label={t("integrations:connection.editEventsLabel", { label })}
            onClick={() => setEditing(true)}
            data-testid="integration-edit-events"
          >
            {t("integrations:connection.editEvents")}
          </Button>
        ) : null}
        {!locked ? (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            busy={switching}
            aria-label={t(connection.enabled ? "integrations:connection.disableLabel" : "integrations:connection.enableLabel", { label })}
            onClick={async () => {
              const result = await setEnabled({ id: connection.id, enabled: !connection.enabled });
              if (showRefusal(result.error)) return;
              toast.success(t(connection.enabled ? "integrations:connection.disabledDone" : "integrations:connection.enabled"));
            }}
            data-testid={connection.enabled ? "integration-disable" : "integration-enable"}
          >
            {t(connection.enabled ? "integrations:connection.disable" : "integrations:connection.enable")}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          className="px-3 py-1.5 text-red-700 hover:bg-red-50"
          aria-label={t("integrations:connection.disconnectLabel", { label })}
          onClick={() => setDisconnecting(true)}
          data-testid="integration-disconnect"
        >
          {t("integrations:connection.disconnect")}
        </Button>
      </div>
      <RecentDeliveries kind={connection.kind} id={connection.id} label={label} />
      <DeleteDialog
        open={disconnecting}
        title={t("integrations:connection.disconnectTitle", { label })}
        confirmLabel={t("integrations:connection.disconnectConfirm")}
        cancelLabel={t("integrations:connection.cancel")}
        deletedMessage={t("integrations:connection.disconnected")}
        busy={removing}
        onDelete={() => disconnect({ id: connection.id })}
        onClose={() => setDisconnecting(false)}
      >
        <p>{t("integrations:connection.disconnectBody")}</p>
      </DeleteDialog>
    </li>
  );
}

function EventsForm({ connection, choices, onDone }: { connection: IntegrationConnectionFieldsFragment; choices: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const showRefusal = useRefusalToast();
  const [selected, setSelected] = useState<string[]>(connection.eventTypes);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, save] = useMutation(UpdateIntegrationEventsMutation);
  const legend = useId();
  return (
    <form
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (selected.length === 0) {
          setError(t("integrations:validation.eventTypesRequired"));
          return;
        }
        const result = await save({ id: connection.id, eventTypes: selected });
        if (showRefusal(result.error)) return;
        toast.success(t("integrations:connection.eventsSaved"));
        onDone();
      }}
    >
      <fieldset aria-describedby={error ? `${legend}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-900">{t("integrations:slack.eventsLabel")}</legend>
        <EventChoices choices={choices} selected={selected} onChange={setSelected} />
        {error ? (
          <p id={`${legend}-error`} className="mt-1 text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={fetching} data-testid="integration-save-events">
          {t("integrations:connection.saveEvents")}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t("integrations:connection.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** Checkboxes for the events a connection may get. */
export function EventChoices({ choices, selected, onChange }: { choices: readonly string[]; selected: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
      {choices.map((type) => (
        <CheckboxField
          key={type}
          label={integrationEventLabel(t, type)}
          name="eventTypes"
          value={type}
          checked={selected.includes(type)}
          onChange={(event) => onChange(event.target.checked ? [...selected, type] : selected.filter((s) => s !== type))}
          data-testid={`integration-event-${type}`}
        />
      ))}
    </div>
  );
}

/** The connection's last attempts (from the delivery log): time, event, delivered or why not. */
function RecentDeliveries({ kind, id, label }: { kind: IntegrationKind; id: string; label: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [{ data, fetching, error }, refetch] = useQuery({ query: IntegrationDeliveriesQuery, variables: { kind }, requestPolicy: "cache-and-network" });
  const deliveries = data?.integrations.find((c) => c.id === id)?.recentDeliveries;
  return (
    <section aria-label={t("integrations:deliveries.titleFor", { label })} className="border-t border-slate-100 pt-3" data-testid="integration-deliveries">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("integrations:deliveries.title")}</h4>
        <Button
          variant="ghost"
          className="px-2 py-1 text-xs"
          busy={fetching}
          onClick={() => refetch({ requestPolicy: "network-only" })}
          data-testid="integration-deliveries-refresh"
        >
          {t("integrations:deliveries.refresh")}
        </Button>
      </div>
      {error && !deliveries ? <p className="text-sm text-red-700">{t("errors.generic")}</p> : null}
      {deliveries && deliveries.length === 0 ? <p className="text-sm text-slate-600">{t("integrations:deliveries.empty")}</p> : null}
      {deliveries && deliveries.length > 0 ? (
        <ul className="mt-1 space-y-1 text-sm">
          {deliveries.map((d) => (
            <li key={d.id} className="flex flex-wrap gap-x-3 gap-y-0.5" data-testid="integration-delivery" data-status={d.status}>
              <span className="text-slate-600">{formatMoment(d.createdAt, locale)}</span>
              <span className="text-slate-900">{integrationEventLabel(t, d.eventType)}</span>
              <span className={d.status === "FAILED" ? "text-red-700" : d.status === "SUCCEEDED" ? "text-emerald-800" : "text-slate-700"}>
                {t(`integrations:deliveries.status.${d.status}`)}
                {d.statusCode ? ` (${d.statusCode})` : ""}
              </span>
              {d.status === "FAILED" && (d.error || d.responseBody) ? (
                <span className="w-full text-xs text-slate-600 [overflow-wrap:anywhere]">{d.error ?? d.responseBody}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
