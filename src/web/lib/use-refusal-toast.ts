import type { CombinedError } from "urql";
import { toast } from "../components/ui/toast";
import { useTranslation } from "../i18n";
import { planRequiredIn } from "../features/billing/entitlement";
import { serverRefusal } from "./mutation-errors";

/**
 * For actions without a form (publish, delete, duplicate): shows the server's reason in an error
 * toast, field messages included ("Choose a customer before publishing."); a feature outside the
 * plan opens the upgrade prompt instead (graphql/client.ts). Returns true when the result was an error.
 */
export function useRefusalToast(): (error: CombinedError | undefined) => boolean {
  const { t } = useTranslation();
  return (error) => {
    if (!error) return false;
    // The upgrade prompt (UpgradePromptDialog) answers a refusal of the plan: no second message.
    if (!planRequiredIn(error)) toast.error(serverRefusal(error, t("errors.generic")).message);
    return true;
  };
}
