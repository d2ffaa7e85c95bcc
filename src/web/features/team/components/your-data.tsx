import { useState } from "react";
import { useMutation } from "urql";
import type { AccountRole } from "../../../../shared/enums";
import { hasPermission } from "../../../../shared/permissions";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { useLocale, useTranslation } from "../../../i18n";
import { ACCOUNT_COOKIE } from "../../../lib/account-cookie";
import { linkButton, serverRefusal } from "../../../lib/mutation-errors";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { DeleteAccountMutation, DeleteMeMutation } from "../operations";

const card = "space-y-3 rounded-xl border bg-white p-4 sm:p-6";

/** Export the account's data, delete the account (owners, after typing its name), delete my user. */
export function YourData({ account, myRole }: { account: { id: string; name: string }; myRole: AccountRole }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const showRefusal = useRefusalToast();
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | undefined>();
  const [deletingMe, setDeletingMe] = useState(false);
  const [{ fetching: deletingAccount }, deleteAccount] = useMutation(DeleteAccountMutation);
  const [{ fetching: deletingUser }, deleteMe] = useMutation(DeleteMeMutation);
  const owner = hasPermission(myRole, "account.delete");
  const home = locale === "nl" ? "/nl" : "/";

  async function confirmDeleteAccount() {
    if (typed.trim() !== account.name.trim()) {
      setTypedError(t("team:errors.confirmNameMismatch"));
      return;
    }
    const result = await deleteAccount({ confirmName: typed });
    if (result.error) {
      setTypedError(serverRefusal(result.error, t("errors.generic")).message);
      return;
    }
    setDeleting(false);
    toast.success(t("team:data.deleted"));
    // Forget the deleted account; the app opens the next one (or asks for a new company).
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
    document.cookie = `${ACCOUNT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
    setTimeout(() => window.location.assign(locale === "nl" ? "/nl/app" : "/app"), 1200);
  }

  async function confirmDeleteMe() {
    const result = await deleteMe({});
    setDeletingMe(false);
    if (showRefusal(result.error)) return;
    toast.success(t("team:data.deletedMe"));
    setTimeout(() => window.location.assign(home), 1200);
  }

  return (
    <div className="space-y-6">
      <p className="text-slate-600">{t("team:data.intro", { company: account.name })}</p>
      {!owner ? <Alert kind="info">{t("team:data.exportOwnerOnly")}</Alert> : null}
      {owner ? (
        <section className={`${card} border-slate-200`} aria-labelledby="export-title">
          <h2 id="export-title" className="text-lg font-semibold">
            {t("team:data.exportTitle")}
          </h2>
          <p className="text-sm text-slate-600">{t("team:data.exportBody")}</p>
          <a href={`/api/account-data/export?account=${encodeURIComponent(account.id)}`} download className={linkButton.secondary} data-testid="export-data">
            {t("team:data.exportButton")}
          </a>
        </section>
      ) : null}
      {owner ? (
        <section className={`${card} border-red-200`} aria-labelledby="delete-title">
          <h2 id="delete-title" className="text-lg font-semibold text-red-800">
            {t("team:data.deleteTitle")}
          </h2>
          <p className="text-sm text-slate-600">{t("team:data.deleteBody", { company: account.name })}</p>
          <Button variant="danger" onClick={() => setDeleting(true)} data-testid="delete-account">
            {t("team:data.deleteButton")}
          </Button>
        </section>
      ) : null}
      <section className={`${card} border-slate-200`} aria-labelledby="delete-me-title">
        <h2 id="delete-me-title" className="text-lg font-semibold">
          {t("team:data.deleteMeTitle")}
        </h2>
        <p className="text-sm text-slate-600">{t("team:data.deleteMeBody")}</p>
        <Button variant="secondary" onClick={() => setDeletingMe(true)} data-testid="delete-me">
          {t("team:data.deleteMeButton")}
        </Button>
      </section>

      <ConfirmDialog
        open={deleting}
        title={t("team:data.deleteConfirmTitle", { company: account.name })}
        confirmLabel={t("team:data.deleteConfirm")}
        cancelLabel={t("team:confirm.cancel")}
        danger
        busy={deletingAccount}
        onCancel={() => {
          setDeleting(false);
          setTyped("");
          setTypedError(undefined);
        }}
        onConfirm={confirmDeleteAccount}
      >
        <p>{t("team:data.deleteBody", { company: account.name })}</p>
        <TextField
          label={t("team:data.deleteConfirmLabel")}
          hint={account.name}
          value={typed}
          autoComplete="off"
          data-testid="confirm-name"
          error={typedError}
          onChange={(e) => {
            setTyped(e.target.value);
            setTypedError(undefined);
          }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={deletingMe}
        title={t("team:data.deleteMeConfirmTitle")}
        confirmLabel={t("team:data.deleteMeConfirm")}
        cancelLabel={t("team:confirm.cancel")}
        danger
        busy={deletingUser}
        onCancel={() => setDeletingMe(false)}
        onConfirm={confirmDeleteMe}
      >
        <p>{t("team:data.deleteMeBody")}</p>
      </ConfirmDialog>
    </div>
  );
}
