import { useRef, useState } from "react";
import { useMutation } from "urql";
import { LOGO } from "../../../../shared/account-settings";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import type { AccountSettingsFieldsFragment } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import { RemoveAccountLogoMutation, UpdateAccountLogoMutation } from "../operations";

/**
 * The company logo: upload (multipart GraphQL; the server checks type, size and pixels itself and
 * re-encodes), replace, remove after a confirmation. The size is checked here first only to spare
 * the upload.
 */
export function LogoUpload({ account, canEdit }: { account: AccountSettingsFieldsFragment; canEdit: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [{ fetching: uploading }, upload] = useMutation(UpdateAccountLogoMutation);
  const [{ fetching: removing }, remove] = useMutation(RemoveAccountLogoMutation);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (file.size > LOGO.maxBytes) {
      setError(t("settings:errors.logoTooLarge", { size: LOGO.maxBytes / 1024 / 1024 }));
      return;
    }
    setError(null);
    const result = await upload({ file });
    if (result.error || !result.data) {
      const refusal = serverRefusal(result.error, t("errors.generic"));
      setError(refusal.fields.file ?? refusal.message);
      return;
    }
    toast.success(t("settings:styling.logoSaved"));
  };

  const onRemove = async () => {
    const result = await remove({});
    setConfirming(false);
    if (result.error) {
      toast.error(serverRefusal(result.error, t("errors.generic")).message);
      return;
    }
    toast.success(t("settings:styling.logoRemoved"));
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center" data-testid="logo-upload">
      <div className="flex h-24 w-full items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-2 sm:w-56">
        {account.fileUrl ? (
          <img
            src={account.fileUrl}
            alt={t("settings:styling.logoAlt", { name: account.name })}
            className="max-h-20 max-w-full object-contain"
            data-testid="current-logo"
          />
        ) : (
          <span className="text-sm text-slate-500">{t("settings:styling.noLogo")}</span>
        )}
      </div>
      <div className="space-y-2">
        <p className="text-sm text-slate-600" id="logo-hint">
          {t("settings:styling.logoHint")}
        </p>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={LOGO.types.join(",")}
              className="sr-only"
              id="logo-file"
              aria-label={t("settings:styling.logo")}
              tabIndex={-1}
              aria-describedby="logo-hint"
              data-testid="logo-input"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <Button variant="secondary" busy={uploading} onClick={() => input.current?.click()}>
              {uploading ? t("settings:styling.uploading") : account.fileUrl ? t("settings:styling.replaceLogo") : t("settings:styling.uploadLogo")}
            </Button>
            {account.fileUrl ? (
              <Button variant="ghost" className="text-red-700" onClick={() => setConfirming(true)} disabled={uploading}>
                {t("settings:styling.removeLogo")}
              </Button>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700" data-testid="logo-error">
            {error}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("settings:styling.removeLogoTitle")}
        confirmLabel={t("settings:styling.removeLogoConfirm")}
        cancelLabel={t("settings:menu.cancel")}
        danger
        busy={removing}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onRemove()}
      >
        <p>{t("settings:styling.removeLogoBody")}</p>
      </ConfirmDialog>
    </div>
  );
}
