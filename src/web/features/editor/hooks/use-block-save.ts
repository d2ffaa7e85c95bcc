import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { CombinedError } from "urql";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";
import { applyServerErrors, useLeaveGuard } from "../../../lib/form";
import type { SaveState } from "../components/save-bar";

export type SaveResult = { error?: CombinedError; id?: string };

/**
 * Saving a block form, the same way for quote blocks and templates: the server's refusal goes onto
 * the fields (or the form), success says "Saved", the saved values become the new starting point
 * (so the leave guard only asks when something is unsaved), and `onCreated` gets a new block's id
 * (the page then moves to that block's address, without asking).
 */
export function useBlockSave<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, isNew: boolean, onCreated?: (id: string) => void) {
  const { t } = useTranslation();
  const { isDirty, isSubmitting } = form.formState;
  const guard = useLeaveGuard(isDirty && !isSubmitting);
  const state: SaveState = isSubmitting ? "saving" : isDirty ? "dirty" : isNew ? "new" : "saved";
  async function save(run: () => Promise<SaveResult>) {
    const result = await run();
    if (result.error || !result.id) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(t("editor:saved"));
    form.reset(form.getValues());
    if (isNew) {
      guard.allowLeave();
      onCreated?.(result.id);
    }
  }
  return { state, save, leaveDialog: guard.leaveDialog };
}
