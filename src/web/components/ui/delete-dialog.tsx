import type { ReactNode } from "react";
import type { CombinedError } from "urql";
import { useRefusalToast } from "../../lib/use-refusal-toast";
import { ConfirmDialog } from "./dialog";
import { toast } from "./toast";

/**
 * Every delete confirmation behaves the same: the dialog closes when the request is done; success
 * says so in a toast and calls `onDeleted`, a refusal shows the server's reason in an error toast.
 */
export function DeleteDialog({
  open,
  title,
  confirmLabel,
  cancelLabel,
  deletedMessage,
  busy,
  onDelete,
  onClose,
  onDeleted,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  deletedMessage: string;
  busy: boolean;
  onDelete: () => Promise<{ error?: CombinedError }>;
  onClose: () => void;
  onDeleted?: () => void;
  children: ReactNode;
}) {
  const showRefusal = useRefusalToast();
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      danger
      busy={busy}
      onCancel={onClose}
      onConfirm={async () => {
        const result = await onDelete();
        onClose();
        if (showRefusal(result.error)) return;
        toast.success(deletedMessage);
        onDeleted?.();
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
