import { useId, useState } from "react";
import { useMutation, useQuery } from "urql";
import { z } from "zod";
import { SLACK_DEFAULT_EVENT_TYPES, SLACK_EVENT_TYPES, ZSlackConnectInput, ZSlackEventTypes } from "../../../../shared/integrations";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { ConnectSlackWebhookMutation, SlackIntegrationQuery, StartSlackOAuthMutation } from "../operations";
import { integrationEventLabel } from "./event-label";

/** The paste form's rules: the server's (src/shared/integrations.ts), with the events required. */
const ZSlackPasteForm = ZSlackConnectInput.extend({ eventTypes: ZSlackEventTypes, channel: z.string() });

/**
 * Connecting a Slack channel: "Add to Slack" (Slack's consent screen, which asks for the channel)
 * when the server has a Slack app; otherwise a form for a pasted incoming-webhook URL, its name and
 * the events it gets.
 */
export function SlackConnect({ hasChannels }: { hasChannels: boolean }) {
  const { t } = useTranslation();
  const showRefusal = useRefusalToast();
  const [{ data, fetching, error }] = useQuery({ query: SlackIntegrationQuery });
  const [{ fetching: starting }, start] = useMutation(StartSlackOAuthMutation);
  const [pasting, setPasting] = useState(false);
  if (fetching && !data) return null;
  if (error && !data) return <Alert>{t("errors.generic")}</Alert>;
  if (data?.slackIntegration.addToSlack) {
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          busy={starting}
          onClick={async () => {
            const result = await start({});
            if (showRefusal(result.error) || !result.data) return;
            window.location.assign(result.data.startSlackOAuth);
          }}
          data-testid="slack-add"
        >
          {t(hasChannels ? "integrations:slack.addAnother" : "integrations:slack.add")}
        </Button>
        <p className="text-sm text-slate-600">{t("integrations:slack.oauthHint")}</p>
      </div>
    );
  }
  if (!pasting) {
    return (
      <Button variant={hasChannels ? "secondary" : "primary"} onClick={() => setPasting(true)} data-testid="slack-paste-open">
        {t(hasChannels ? "integrations:slack.addAnother" : "integrations:slack.pasteTitle")}
      </Button>
    );
  }
  return <SlackPasteForm onDone={() => setPasting(false)} />;
}

function SlackPasteForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const eventsErrorId = useId();
  const form = useZodForm(ZSlackPasteForm, { url: "", channel: "", eventTypes: [...SLACK_DEFAULT_EVENT_TYPES] });
  const { register, formState, handleSubmit } = form;
  const { errors } = formState;
  const [{ fetching }, connect] = useMutation(ConnectSlackWebhookMutation);
  const onSubmit = handleSubmit(async (input) => {
    const result = await connect({ input: { url: input.url, channel: input.channel || null, eventTypes: input.eventTypes } });
    if (result.error || !result.data) return void toast.error(applyServerErrors(form, result.error, t("errors.generic")));
    toast.success(t("integrations:slack.connected"));
    onDone();
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      className="space-y-4 rounded-lg border border-brand-100 p-3 sm:p-4"
      data-testid="slack-paste-form"
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t("integrations:slack.pasteTitle")}
      </h3>
      <p className="text-sm text-slate-600">{t("integrations:slack.pasteHint")}</p>
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField
        label={t("integrations:slack.urlLabel")}
        type="url"
        inputMode="url"
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="https://hooks.slack.com/services/…"
        error={errors.url?.message}
        data-testid="slack-url"
        {...register("url")}
      />
      <TextField
        label={t("integrations:slack.channelLabel")}
        hint={t("integrations:slack.channelHint")}
        maxLength={80}
        autoComplete="off"
        error={errors.channel?.message}
        data-testid="slack-channel"
        {...register("channel")}
      />
      <fieldset aria-describedby={errors.eventTypes ? eventsErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-900">{t("integrations:slack.eventsLabel")}</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {SLACK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 px-3 py-2 hover:bg-slate-50">
              <input
                type="checkbox"
                value={type}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                data-testid={`slack-event-${type}`}
                {...register("eventTypes")}
              />
              <span className="text-sm text-slate-900">{integrationEventLabel(t, type)}</span>
            </label>
          ))}
        </div>
        {errors.eventTypes ? (
          <p id={eventsErrorId} className="mt-2 text-sm font-medium text-red-700">
            {errors.eventTypes.message}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={fetching}>
          {t("integrations:connection.cancel")}
        </Button>
        <Button type="submit" busy={fetching} data-testid="slack-connect">
          {t("integrations:slack.connect")}
        </Button>
      </div>
    </form>
  );
}
