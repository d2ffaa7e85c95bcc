import { useNavigate } from "react-router";
import { useMutation } from "urql";
import { toast } from "../../../components/ui/toast";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { DuplicateQuoteMutation } from "../operations";

/** Duplicates a quote, says so, and opens the copy (a new draft); a refusal becomes a toast. */
export function useDuplicateQuote() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const showRefusal = useRefusalToast();
  const [{ fetching }, duplicateQuote] = useMutation(DuplicateQuoteMutation);
  async function duplicate(id: string) {
    const result = await duplicateQuote({ id });
    if (showRefusal(result.error) || !result.data) return;
    toast.success(t("quotes:duplicated"));
    navigate(href(`/app/quotes/mutate/${result.data.duplicateQuote.id}`), { viewTransition: true });
  }
  return { duplicate, duplicating: fetching };
}
