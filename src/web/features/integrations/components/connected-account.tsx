import { type ReactNode, useState } from "react";
import type { CombinedError } from "urql";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";

/** The integrations connected with the owner's own account at the provider. */
export type AccountProvider = "mollie" | "docusign";
/** The integrations whose "Connect" is the provider's OAuth round trip. */
export type OAuthProvider = AccountProvider | "slack";

/**
 * The outcome of a provider's OAuth round trip (Slack, Mollie, DocuSign), which the callback
 * redirects back to the integrations page with (`?<provider>=connected|error`). One copy for every
 * such card; each card keeps its own query, mutation and texts (integrations:<provider>.*).
 */
export function OAuthCallbackAlert({
  provider,
  callback,
  failure,
  connectedValues,
}: {
  provider: OAuthProvider;
  callback: string | null;
  /** Why the round trip failed, in the user's language (read only when it did). */
  failure: () => string;
  /** Values for integrations:<provider>.connectedCallback (Slack's channel). */
  connectedValues?: Record<string, string>;
}) {
  const { t } = useTranslation();
  if (callback === "connected") {
    return (
      <div data-testid={`${provider}-callback-connected`}>
        <Alert kind="success">{t(`integrations:${provider}.connectedCallback`, connectedValues)}</Alert>
      </div>
    );
  }
  if (callback === "error") {
    return (
      <div data-testid={`${provider}-callback-error`}>
        <Alert>{t(`integrations:${provider}.callbackFailed`, { reason: failure() })}</Alert>
      </div>
    );
  }
  return null;
}

/**
 * An account of the owner's own at the provider (Mollie, DocuSign), connected: who it is
 * (`children`) and Disconnect, which asks first
 * (integrations:<provider>.disconnectTitle / disconnectBody / keep), then runs `disconnect`,
 * says the outcome in a toast and calls `onDisconnected` after a success.
 */
export function ConnectedAccount({
  provider,
  children,
  disconnect,
  busy,
  onDisconnected,
}: {
  provider: AccountProvider;
  children: ReactNode;
  disconnect: () => Promise<{ error?: CombinedError }>;
  busy: boolean;
  onDisconnected: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm" data-testid={`${provider}-connection`}>
        <p className="min-w-0 break-words text-slate-700">{children}</p>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t(`integrations:${provider}.disconnect`)}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t(`integrations:${provider}.disconnectTitle`)}
        confirmLabel={t(`integrations:${provider}.disconnect`)}
        cancelLabel={t(`integrations:${provider}.keep`)}
        danger
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await disconnect();
          setConfirming(false);
          if (result.error) return void toast.error(serverRefusal(result.error, t("errors.generic")).message);
          toast.success(t(`integrations:${provider}.disconnected`));
          onDisconnected();
        }}
      >
        <p>{t(`integrations:${provider}.disconnectBody`)}</p>
      </ConfirmDialog>
    </>
  );
}
