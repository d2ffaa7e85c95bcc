import { useEffect, useId } from "react";
import { useMutation } from "urql";
import { EVENT_TYPES } from "../../../../shared/events";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import type { WebhookEndpointFieldsFragment } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { CreateWebhookEndpointMutation, UpdateWebhookEndpointMutation } from "../operations";
import { ZWebhookEndpointForm } from "../schemas";
import { eventLabel } from "./format";

/**
 * Adding or editing a webhook endpoint, in place (no dialog: twelve event types fit a phone
 * better in the page's own scroll): URL, the event types as a checkbox group, description, enabled.
 */
export function EndpointForm({ endpoint, onDone }: { endpoint?: WebhookEndpointFieldsFragment; onDone: (created?: WebhookEndpointFieldsFragment) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const eventsErrorId = useId();
  const form = useZodForm(ZWebhookEndpointForm, {
    url: endpoint?.url ?? "",
    eventTypes: (endpoint?.eventTypes ?? []).filter((type): type is (typeof EVENT_TYPES)[number] => (EVENT_TYPES as readonly string[]).includes(type)),
    description: endpoint?.description ?? "",
    enabled: endpoint?.enabled ?? true,
  });
  const { register, formState, handleSubmit, setValue, setFocus } = form;
  const { errors } = formState;
  const [{ fetching: creating }, create] = useMutation(CreateWebhookEndpointMutation);
  const [{ fetching: updating }, update] = useMutation(UpdateWebhookEndpointMutation);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the first field once, when the form opens
  useEffect(() => setFocus("url"), []);

  const onSubmit = handleSubmit(async (input) => {
    if (endpoint) {
      const result = await update({ id: endpoint.id, input });
      if (result.error || !result.data) return void toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      toast.success(t("developers:form.saved"));
      onDone();
    } else {
      const result = await create({ input });
      if (result.error || !result.data) return void toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      toast.success(t("developers:form.created"));
      onDone(result.data.createWebhookEndpoint);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      className="space-y-5 rounded-xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6"
      data-testid="endpoint-form"
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t(endpoint ? "developers:form.editTitle" : "developers:form.addTitle")}
      </h3>
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField
        label={t("developers:form.url")}
        hint={t("developers:form.urlHint")}
        type="url"
        inputMode="url"
        required
        maxLength={2000}
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        error={errors.url?.message}
        data-testid="endpoint-url"
        {...register("url")}
      />
      <fieldset aria-describedby={errors.eventTypes ? eventsErrorId : undefined} data-testid="endpoint-events">
        <legend className="text-sm font-medium text-slate-900">{t("developers:form.events")}</legend>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-xs text-slate-500">{t("developers:form.eventsHint")}</span>
          <button
            type="button"
            className="rounded px-1 py-0.5 font-medium text-brand-700 hover:underline"
            onClick={() => setValue("eventTypes", [...EVENT_TYPES], { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          >
            {t("developers:form.selectAll")}
          </button>
          <button
            type="button"
            className="rounded px-1 py-0.5 font-medium text-brand-700 hover:underline"
            onClick={() => setValue("eventTypes", [], { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          >
            {t("developers:form.selectNone")}
          </button>
        </div>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {EVENT_TYPES.map((type) => (
            <label key={type} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 px-3 py-2 hover:bg-slate-50">
              <input
                type="checkbox"
                value={type}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                data-testid={`event-${type}`}
                {...register("eventTypes")}
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900">{eventLabel(t, type)}</span>
                <code className="block text-xs text-slate-600">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.eventTypes ? (
          <p id={eventsErrorId} className="mt-2 text-sm font-medium text-red-700" data-testid="endpoint-events-error">
            {errors.eventTypes.message}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={t("developers:form.description")}
        hint={t("developers:form.descriptionHint")}
        rows={2}
        maxLength={500}
        error={errors.description?.message}
        data-testid="endpoint-description"
        {...register("description")}
      />
      <CheckboxField label={t("developers:form.enabled")} hint={t("developers:form.enabledHint")} data-testid="endpoint-enabled" {...register("enabled")} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onDone()} disabled={creating || updating}>
          {t("developers:form.cancel")}
        </Button>
        <Button type="submit" busy={creating || updating} data-testid="endpoint-save">
          {t("developers:form.save")}
        </Button>
      </div>
    </form>
  );
}
