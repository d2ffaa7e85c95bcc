import { useMutation } from "urql";
import { DeleteDialog } from "../../../components/ui/delete-dialog";
import { useTranslation } from "../../../i18n";
import { DeleteQuoteMutation } from "../operations";

export type DeleteQuoteTarget = { id: string; quoteNumber: string };

/** The delete confirmation of a draft quote, used by the list and the quote page. */
export function DeleteQuoteDialog({ target, onClose, onDeleted }: { target: DeleteQuoteTarget | null; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const [{ fetching }, deleteQuote] = useMutation(DeleteQuoteMutation);
  return (
    <DeleteDialog
      open={target !== null}
      title={t("quotes:confirmDelete.title", { number: target?.quoteNumber ?? "" })}
      confirmLabel={t("quotes:confirmDelete.confirm")}
      cancelLabel={t("quotes:actions.cancel")}
      deletedMessage={t("quotes:deleted")}
      busy={fetching}
      onDelete={() => deleteQuote({ id: target!.id })}
      onClose={onClose}
      onDeleted={onDeleted}
    >
      <p>{t("quotes:confirmDelete.body")}</p>
    </DeleteDialog>
  );
}
