import { useMutation } from "urql";
import { DeleteDialog } from "../../../components/ui/delete-dialog";
import { useTranslation } from "../../../i18n";
import { DeleteCustomerMutation } from "../operations";

export type DeleteCustomerTarget = { id: string; name: string; totalQuotes: number };

/** The delete confirmation of a customer, used by the list and the edit page. */
export function DeleteCustomerDialog({ target, onClose, onDeleted }: { target: DeleteCustomerTarget | null; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const [{ fetching }, deleteCustomer] = useMutation(DeleteCustomerMutation);
  return (
    <DeleteDialog
      open={target !== null}
      title={t("customers:confirmDelete.title", { name: target?.name ?? "" })}
      confirmLabel={t("customers:confirmDelete.confirm")}
      cancelLabel={t("customers:cancel")}
      deletedMessage={t("customers:deleted")}
      busy={fetching}
      onDelete={() => deleteCustomer({ id: target!.id })}
      onClose={onClose}
      onDeleted={onDeleted}
    >
      <p>{t("customers:confirmDelete.body")}</p>
      {target && target.totalQuotes > 0 ? <p>{t("customers:confirmDelete.quotes", { count: target.totalQuotes })}</p> : null}
    </DeleteDialog>
  );
}
