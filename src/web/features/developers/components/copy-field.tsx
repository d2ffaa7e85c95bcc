import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";

/**
 * A secret or key shown in a read-only field (focus selects it all, for copying by hand) with a
 * copy button that says whether the clipboard took it.
 */
export function CopyField({
  label,
  value,
  copyLabel,
  copiedMessage,
  hint,
  testId,
  autoFocus = false,
}: {
  label: string;
  value: string;
  copyLabel: string;
  copiedMessage: string;
  hint?: string;
  testId: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedMessage);
    } catch {
      toast.error(t("developers:secret.copyFailed"));
    }
  }
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={value}
          // biome-ignore lint/a11y/noAutofocus: the key is shown once; focus goes to it so it can be copied straight away
          autoFocus={autoFocus}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
          className="block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
          data-testid={testId}
        />
        <Button variant="secondary" onClick={() => void copy()} className="shrink-0" data-testid={`${testId}-copy`}>
          {copyLabel}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
