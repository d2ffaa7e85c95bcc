import type { CombinedError } from "urql";
import { toast } from "../components/ui/toast";
import { useTranslation } from "../i18n";
import { serverRefusal } from "./mutation-errors";

/**
 * For actions without a form (publish, delete, duplicate): shows the server's reason in an error
 * toast, field messages included ("Choose a customer before publishing."). Returns true when the
 * result was an error.
 */
export function useRefusalToast(): (error: CombinedError | undefined) => boolean {
  const { t } = useTranslation();
  return (error) => {
    if (!error) return false;
    toast.error(serverRefusal(error, t("errors.generic")).message);
    return true;
  };
}
