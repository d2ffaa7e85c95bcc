import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { API_KEY_ROLES } from "../../../../shared/events";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { SelectField, TextField } from "../../../components/ui/field";
import { QueryState } from "../../../components/ui/query-state";
import { Table, Td, Th } from "../../../components/ui/table";
import { toast } from "../../../components/ui/toast";
import type { ApiKeyFieldsFragment } from "../../../graphql/generated/graphql";
import { useLocale, useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { serverRefusal } from "../../../lib/mutation-errors";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { ApiKeysQuery, CreateApiKeyMutation, RevokeApiKeyMutation } from "../operations";
import { ZCreateApiKeyForm, endOfLocalDay } from "../schemas";
import { CopyField } from "./copy-field";
import { formatDay, formatMoment } from "./format";
import { localTodayIso } from "../../../../shared/format";

/**
 * The account's API keys: list (name, role, created by, last used, expiry, revoked), create
 * (the full key shown once, with a copy button) and revoke after a confirmation.
 */
export function ApiKeys({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [{ data, fetching, error }, refetch] = useQuery({ query: ApiKeysQuery, requestPolicy: "cache-and-network" });
  const keys = data?.apiKeys;
  // On a plan without the API there is nothing to create: the section shows only keys kept from before (to revoke them).
  if (locked && !keys?.length) return null;
  return (
    <section aria-labelledby="api-keys-title" className="space-y-4" data-testid="api-keys">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id="api-keys-title" className="text-lg font-semibold">
            {t("developers:apiKeys.title")}
          </h2>
          <p className="max-w-2xl text-sm text-slate-600">{t("developers:apiKeys.intro")}</p>
        </div>
        {locked || creating || !keys?.length ? null : (
          <Button
            onClick={() => {
              setCreated(null);
              setCreating(true);
            }}
            data-testid="api-key-create"
          >
            {t("developers:apiKeys.create")}
          </Button>
        )}
      </div>
      {created ? (
        <CreatedKey
          name={created.name}
          apiKey={created.key}
          onDone={() => {
            setCreated(null);
            // It may have been used already (its "last used"): fetch the list again.
            refetch({ requestPolicy: "network-only" });
          }}
        />
      ) : null}
      {creating ? (
        <CreateApiKeyForm
          onDone={(result) => {
            setCreating(false);
            if (result) setCreated(result);
          }}
        />
      ) : null}
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(keys)}
        onRetry={() => refetch({ requestPolicy: "network-only" })}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {keys && keys.length === 0 && !creating && !created ? (
        <EmptyState
          title={t("developers:apiKeys.empty")}
          body={t("developers:apiKeys.emptyBody")}
          action={
            locked ? null : (
              <Button variant="secondary" onClick={() => setCreating(true)} data-testid="api-key-create-first">
                {t("developers:apiKeys.create")}
              </Button>
            )
          }
        />
      ) : null}
      {keys && keys.length > 0 ? <ApiKeyTable keys={keys} /> : null}
    </section>
  );
}

function CreateApiKeyForm({ onDone }: { onDone: (created?: { name: string; key: string }) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZCreateApiKeyForm, { name: "", role: "READ_ONLY", expiresAt: "" });
  const { register, formState, handleSubmit } = form;
  const { errors } = formState;
  const [{ fetching }, createApiKey] = useMutation(CreateApiKeyMutation);
  const onSubmit = handleSubmit(async (values) => {
    const result = await createApiKey({
      input: { name: values.name, role: values.role, expiresAt: values.expiresAt ? endOfLocalDay(values.expiresAt) : null },
    });
    if (result.error || !result.data) return void toast.error(applyServerErrors(form, result.error, t("errors.generic")));
    onDone({ name: result.data.createApiKey.apiKey.name, key: result.data.createApiKey.key });
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="api-key-form-title"
      className="space-y-4 rounded-xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6"
      data-testid="api-key-form"
    >
      <h3 id="api-key-form-title" className="text-base font-semibold">
        {t("developers:apiKeys.form.title")}
      </h3>
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t("developers:apiKeys.form.name")}
          hint={t("developers:apiKeys.form.nameHint")}
          required
          maxLength={100}
          autoComplete="off"
          autoFocus
          error={errors.name?.message}
          data-testid="api-key-name"
          {...register("name")}
        />
        <SelectField
          label={t("developers:apiKeys.form.role")}
          error={errors.role?.message}
          options={API_KEY_ROLES.map((role) => ({ value: role, label: t(`apiKeys:roles.${role}`) }))}
          data-testid="api-key-role"
          {...register("role")}
        />
        <TextField
          label={t("developers:apiKeys.form.expiresAt")}
          type="date"
          min={localTodayIso()}
          error={errors.expiresAt?.message}
          data-testid="api-key-expires"
          {...register("expiresAt")}
        />
      </div>
      <ul className="space-y-1 text-xs text-slate-600">
        {API_KEY_ROLES.map((role) => (
          <li key={role}>
            <span className="font-semibold text-slate-800">{t(`apiKeys:roles.${role}`)}:</span> {t(`developers:apiKeys.roleHints.${role}`)}
          </li>
        ))}
        <li>{t("developers:apiKeys.form.expiresAtHint")}</li>
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onDone()} disabled={fetching}>
          {t("developers:apiKeys.form.cancel")}
        </Button>
        <Button type="submit" busy={fetching} data-testid="api-key-submit">
          {t("developers:apiKeys.form.submit")}
        </Button>
      </div>
    </form>
  );
}

/** The full key, once: copy it now, it is never shown again (the server keeps only its hash). */
function CreatedKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:p-6"
      data-testid="api-key-created"
      aria-labelledby="api-key-created-title"
    >
      <h3 id="api-key-created-title" className="text-base font-semibold text-emerald-950">
        {t("developers:apiKeys.createdKey.title", { name })}
      </h3>
      <p className="text-sm font-medium text-emerald-950" id="api-key-once">
        {t("developers:apiKeys.createdKey.once")}
      </p>
      <CopyField
        label={t("developers:apiKeys.createdKey.label")}
        value={apiKey}
        copyLabel={t("developers:apiKeys.createdKey.copy")}
        copiedMessage={t("developers:apiKeys.createdKey.copied")}
        testId="api-key-value"
        autoFocus
      />
      <div className="flex justify-end">
        <Button onClick={onDone} data-testid="api-key-created-done">
          {t("developers:apiKeys.createdKey.done")}
        </Button>
      </div>
    </section>
  );
}

type KeyState = "active" | "revoked" | "expired";
const stateOf = (key: ApiKeyFieldsFragment): KeyState =>
  key.revokedAt ? "revoked" : key.expiresAt && new Date(key.expiresAt) <= new Date() ? "expired" : "active";
const STATE_STYLE: Record<KeyState, string> = {
  active: "bg-emerald-100 text-emerald-900",
  revoked: "bg-red-100 text-red-900",
  expired: "bg-slate-200 text-slate-800",
};

function ApiKeyTable({ keys }: { keys: ApiKeyFieldsFragment[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const showRefusal = useRefusalToast();
  const [pending, setPending] = useState<ApiKeyFieldsFragment | null>(null);
  const [{ fetching }, revoke] = useMutation(RevokeApiKeyMutation);
  const lastUsed = (key: ApiKeyFieldsFragment) => (key.lastUsedAt ? formatMoment(key.lastUsedAt, locale) : t("developers:apiKeys.never"));
  const expires = (key: ApiKeyFieldsFragment) => (key.expiresAt ? formatDay(key.expiresAt, locale) : t("developers:apiKeys.noExpiry"));
  return (
    <>
      <Table label={t("developers:apiKeys.title")}>
        <thead className="bg-slate-50">
          <tr>
            <Th>{t("developers:apiKeys.columns.name")}</Th>
            <Th className="hidden sm:table-cell">{t("developers:apiKeys.columns.role")}</Th>
            <Th className="hidden md:table-cell">{t("developers:apiKeys.columns.lastUsed")}</Th>
            <Th className="hidden md:table-cell">{t("developers:apiKeys.columns.expires")}</Th>
            <Th className="text-right">
              <span className="sr-only">{t("developers:apiKeys.columns.actions")}</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {keys.map((key) => {
            const state = stateOf(key);
            return (
              <tr key={key.id} data-testid="api-key-row" data-state={state}>
                <Td className="[overflow-wrap:anywhere]">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {key.name}
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLE[state]}`} data-testid="api-key-state">
                      {t(`developers:apiKeys.state.${state}`)}
                    </span>
                  </p>
                  <p className="font-mono text-xs text-slate-600">{key.prefix}…</p>
                  <p className="text-xs text-slate-600">
                    {t("developers:apiKeys.createdOn", { date: formatDay(key.createdAt, locale) })}{" "}
                    {t("developers:apiKeys.createdBy", { name: key.createdByName ?? t("developers:apiKeys.unknownCreator") })}
                  </p>
                  {key.revokedAt ? (
                    <p className="text-xs text-slate-600">{t("developers:apiKeys.revokedOn", { date: formatMoment(key.revokedAt, locale) })}</p>
                  ) : null}
                  {/* The columns a phone has no room for, under the name. */}
                  <dl className="mt-1 space-y-0.5 text-xs text-slate-600 md:hidden">
                    <div className="sm:hidden">
                      <dt className="inline">{t("developers:apiKeys.columns.role")}: </dt>
                      <dd className="inline">{t(`apiKeys:roles.${key.role}`)}</dd>
                    </div>
                    <div>
                      <dt className="inline">{t("developers:apiKeys.columns.lastUsed")}: </dt>
                      <dd className="inline">{lastUsed(key)}</dd>
                    </div>
                    <div>
                      <dt className="inline">{t("developers:apiKeys.columns.expires")}: </dt>
                      <dd className="inline">{expires(key)}</dd>
                    </div>
                  </dl>
                </Td>
                <Td className="hidden sm:table-cell" data-testid="api-key-role-cell">
                  {t(`apiKeys:roles.${key.role}`)}
                </Td>
                <Td className="hidden whitespace-nowrap md:table-cell" data-testid="api-key-last-used">
                  {lastUsed(key)}
                </Td>
                <Td className="hidden whitespace-nowrap md:table-cell">{expires(key)}</Td>
                <Td className="text-right">
                  {state === "revoked" ? null : (
                    <button
                      type="button"
                      aria-label={t("developers:apiKeys.revokeLabel", { name: key.name })}
                      onClick={() => setPending(key)}
                      className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                      data-testid="api-key-revoke"
                    >
                      {t("developers:apiKeys.revoke")}
                    </button>
                  )}
                </Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <ConfirmDialog
        open={pending !== null}
        title={t("developers:apiKeys.revokeTitle", { name: pending?.name ?? "" })}
        confirmLabel={t("developers:apiKeys.revokeConfirm")}
        cancelLabel={t("developers:endpoints.cancel")}
        danger
        busy={fetching}
        onCancel={() => setPending(null)}
        onConfirm={async () => {
          if (!pending) return;
          const result = await revoke({ id: pending.id });
          setPending(null);
          if (!showRefusal(result.error)) toast.success(t("developers:apiKeys.revoked"));
        }}
      >
        <p>{t("developers:apiKeys.revokeBody")}</p>
      </ConfirmDialog>
    </>
  );
}
