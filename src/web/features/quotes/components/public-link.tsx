import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";

/** The quote's public link with a copy button; for a draft it says when the link will work. */
export function PublicLink({ url, live }: { url: string; live: boolean }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("toast.urlCopied"));
    } catch {
      toast.error(t("quotes:copyFailed"));
    }
  }
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4" data-testid="public-link">
      <label htmlFor="public-url" className="block text-sm font-medium text-slate-800">
        {t("quotes:publicLink")}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id="public-url"
          readOnly
          value={url}
          aria-describedby={live ? undefined : "public-url-hint"}
          onFocus={(e) => e.currentTarget.select()}
          // Slate 600 on slate 50 keeps 7:1 contrast; a draft's link is marked by the hint, not by faint text.
          className={`block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs ${live ? "text-slate-900" : "text-slate-600"}`}
          data-testid="public-url"
        />
        <Button variant="secondary" onClick={() => void copy()} className="shrink-0" data-testid="copy-url">
          {t("quotes:copyUrl")}
        </Button>
      </div>
      {!live ? (
        <p id="public-url-hint" className="mt-1 text-xs text-slate-600">
          {t("quotes:publicLinkDraft")}
        </p>
      ) : null}
    </div>
  );
}
