import { useState } from "react";
import { useClient, useMutation } from "urql";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { DeleteDialog } from "../../../components/ui/delete-dialog";
import { toast } from "../../../components/ui/toast";
import type { WebhookEndpointFieldsFragment } from "../../../graphql/generated/graphql";
import { useLocale, useTranslation } from "../../../i18n";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { DeleteWebhookEndpointMutation, RotateWebhookEndpointSecretMutation, SendTestWebhookEventMutation, WebhookEndpointSecretsQuery } from "../operations";
import { CopyField } from "./copy-field";
import { DeliveryLog } from "./delivery-log";
import { EndpointForm } from "./endpoint-form";
import { eventLabel, formatMoment } from "./format";

/** How long, after a rotation, the previous secret keeps signing (the server's figure: webhooks module). */
export const SECRET_GRACE_HOURS = 24;

/**
 * One webhook endpoint: its address, state (enabled, or why not; paused by the plan), event
 * types and description; edit in place, delete, reveal / copy / rotate the signing secret, send
 * a test event, and its delivery log in a disclosure. `locked`: the plan has no developer API,
 * so only reading and deleting remain.
 */
export function EndpointCard({ endpoint, locked }: { endpoint: WebhookEndpointFieldsFragment; locked: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const client = useClient();
  const showRefusal = useRefusalToast();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [{ fetching: removing }, remove] = useMutation(DeleteWebhookEndpointMutation);
  const [{ fetching: rotatingBusy }, rotate] = useMutation(RotateWebhookEndpointSecretMutation);
  const [{ fetching: testing }, sendTest] = useMutation(SendTestWebhookEventMutation);
  const url = endpoint.url;

  async function reveal() {
    setRevealing(true);
    const result = await client.query(WebhookEndpointSecretsQuery, {}, { requestPolicy: "network-only" }).toPromise();
    setRevealing(false);
    if (showRefusal(result.error)) return;
    setSecret(result.data?.webhookEndpoints.find((e) => e.id === endpoint.id)?.secret ?? null);
  }

  if (editing) return <EndpointForm endpoint={endpoint} onDone={() => setEditing(false)} />;

  const paused = endpoint.deliveriesPaused;
  return (
    <article className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="endpoint-card" aria-label={url}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-mono text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]" data-testid="endpoint-card-url">
            {url}
          </h3>
          {endpoint.description ? <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{endpoint.description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {paused ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="endpoint-paused">
              {t("developers:endpoints.paused")}
            </span>
          ) : null}
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${endpoint.enabled ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800"}`}
            data-testid="endpoint-state"
          >
            {t(endpoint.enabled ? "developers:endpoints.enabled" : "developers:endpoints.disabled")}
          </span>
        </div>
      </div>
      {!endpoint.enabled && endpoint.disabledReason ? (
        <p className="text-sm text-slate-700" data-testid="endpoint-disabled-reason">
          {t(`developers:endpoints.disabledReason.${endpoint.disabledReason}`)}
        </p>
      ) : null}
      <div>
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("developers:endpoints.events")}</h4>
        <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="endpoint-events-list">
          {endpoint.eventTypes.map((type) => (
            <li key={type} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-800" title={type}>
              {eventLabel(t, type)}
            </li>
          ))}
        </ul>
      </div>

      {secret ? (
        <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <CopyField
            label={t("developers:secret.label")}
            value={secret}
            copyLabel={t("developers:secret.copy")}
            copiedMessage={t("developers:secret.copied")}
            hint={t("developers:secret.hint")}
            testId="endpoint-secret"
            autoFocus
          />
          <Button variant="ghost" className="px-2 py-1" onClick={() => setSecret(null)}>
            {t("developers:secret.hide")}
          </Button>
        </div>
      ) : null}
      {endpoint.previousSecretExpiresAt && new Date(endpoint.previousSecretExpiresAt) > new Date() ? (
        <p className="text-xs text-slate-600" data-testid="endpoint-previous-secret">
          {t("developers:secret.previousUntil", { time: formatMoment(endpoint.previousSecretExpiresAt, locale) })}
        </p>
      ) : null}

      <div className="grid grid-cols-2 gap-2 border-t border-slate-100 pt-4 sm:flex sm:flex-wrap">
        {locked ? null : (
          <>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              busy={testing}
              aria-label={t("developers:endpoints.sendTestLabel", { url })}
              onClick={async () => {
                const result = await sendTest({ id: endpoint.id });
                if (showRefusal(result.error)) return;
                toast.success(t("developers:endpoints.testSent"));
                setLogOpen(true);
              }}
              data-testid="endpoint-send-test"
            >
              {t("developers:endpoints.sendTest")}
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              aria-label={t("developers:endpoints.editLabel", { url })}
              onClick={() => setEditing(true)}
              data-testid="endpoint-edit"
            >
              {t("developers:endpoints.edit")}
            </Button>
          </>
        )}
        {secret ? null : (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            busy={revealing}
            aria-label={t("developers:secret.revealLabel", { url })}
            onClick={() => void reveal()}
            data-testid="endpoint-reveal"
          >
            {t("developers:secret.reveal")}
          </Button>
        )}
        {locked ? null : (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            aria-label={t("developers:secret.rotateLabel", { url })}
            onClick={() => setRotating(true)}
            data-testid="endpoint-rotate"
          >
            {t("developers:secret.rotate")}
          </Button>
        )}
        <Button
          variant="ghost"
          className="px-3 py-1.5 text-red-700 hover:bg-red-50"
          aria-label={t("developers:endpoints.deleteLabel", { url })}
          onClick={() => setDeleting(true)}
          data-testid="endpoint-delete"
        >
          {t("developers:endpoints.delete")}
        </Button>
      </div>

      <div className="border-t border-slate-100 pt-3">
        <button
          type="button"
          aria-expanded={logOpen}
          onClick={() => setLogOpen((open) => !open)}
          className="flex items-center gap-2 rounded-md px-1 py-1 text-sm font-semibold text-brand-700 hover:underline"
          data-testid="endpoint-log-toggle"
        >
          <span aria-hidden="true" className={`inline-block transition-transform ${logOpen ? "rotate-90" : ""}`}>
            ▸
          </span>
          {t(logOpen ? "developers:deliveries.hide" : "developers:deliveries.show")}
        </button>
        {logOpen ? (
          <div className="mt-3">
            <DeliveryLog endpointId={endpoint.id} url={url} canResend={!locked} />
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={rotating}
        title={t("developers:secret.rotateTitle", { url })}
        confirmLabel={t("developers:secret.rotateConfirm")}
        cancelLabel={t("developers:endpoints.cancel")}
        busy={rotatingBusy}
        onCancel={() => setRotating(false)}
        onConfirm={async () => {
          const result = await rotate({ id: endpoint.id });
          setRotating(false);
          if (showRefusal(result.error)) return;
          toast.success(t("developers:secret.rotated"));
          // A secret on screen is the old one now: fetch the new one.
          if (secret) void reveal();
        }}
      >
        <p>{t("developers:secret.rotateBody", { hours: SECRET_GRACE_HOURS })}</p>
      </ConfirmDialog>
      <DeleteDialog
        open={deleting}
        title={t("developers:endpoints.deleteTitle", { url })}
        confirmLabel={t("developers:endpoints.deleteConfirm")}
        cancelLabel={t("developers:endpoints.cancel")}
        deletedMessage={t("developers:endpoints.deleted")}
        busy={removing}
        onDelete={() => remove({ id: endpoint.id })}
        onClose={() => setDeleting(false)}
      >
        <p>{t("developers:endpoints.deleteBody")}</p>
      </DeleteDialog>
    </article>
  );
}
