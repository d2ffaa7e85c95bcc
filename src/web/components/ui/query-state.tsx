import type { CombinedError } from "urql";
import { useTranslation } from "react-i18next";
import { Alert } from "./alert";
import { Button } from "./button";

/**
 * The loading and error states of a query with nothing to show yet: "Loading…", or the error
 * with a retry button. Renders nothing once there is data (stale data stays on screen).
 */
export function QueryState({
  fetching,
  error,
  hasData,
  onRetry,
  errorMessage,
}: {
  fetching: boolean;
  error: CombinedError | undefined;
  hasData: boolean;
  onRetry: () => void;
  /** Defaults to "Something went wrong". */
  errorMessage?: string;
}) {
  const { t } = useTranslation();
  if (hasData) return null;
  if (error) {
    return (
      <div className="space-y-3">
        <Alert>{errorMessage ?? t("errors.generic")}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  if (fetching) {
    return (
      <p className="text-slate-500" role="status">
        {t("loading")}
      </p>
    );
  }
  return null;
}
