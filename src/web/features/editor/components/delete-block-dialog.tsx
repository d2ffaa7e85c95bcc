import { useMutation } from "urql";
import { DeleteDialog } from "../../../components/ui/delete-dialog";
import { useTranslation } from "../../../i18n";
import { DeleteQuoteBlockMutation } from "../operations";

/** The delete confirmation of a quote block. */
export function DeleteBlockDialog({ target, onClose }: { target: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [{ fetching }, deleteBlock] = useMutation(DeleteQuoteBlockMutation);
  return (
    <DeleteDialog
      open={target !== null}
      title={t("editor:confirmDelete.title", { name: target?.name ?? "" })}
      confirmLabel={t("editor:confirmDelete.confirm")}
      cancelLabel={t("editor:cancel")}
      deletedMessage={t("editor:removed")}
      busy={fetching}
      onDelete={() => deleteBlock({ id: target!.id })}
      onClose={onClose}
    >
      <p>{t("editor:confirmDelete.body")}</p>
    </DeleteDialog>
  );
}
