import type { PublicAvailability } from "../../../../shared/quote-status";
import { useTranslation } from "../../../i18n";

/** Not available (404: ask the provider) or expired (410: contact the sender), SPEC §2 and §8. */
export function QuoteUnavailable({ availability }: { availability: PublicAvailability }) {
  const { t } = useTranslation();
  const expired = availability === "EXPIRED";
  const title = expired ? t("quotes:public.expiredTitle") : t("quotes:public.notAvailableTitle");
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <meta name="robots" content="noindex" />
      <title>{`${title} · Offerly`}</title>
      <h1 className="text-2xl font-bold tracking-tight" data-testid="public-quote-unavailable">
        {title}
      </h1>
      <p className="mt-3 text-slate-600">{expired ? t("quotes:public.expired") : t("quotes:public.notAvailable")}</p>
    </main>
  );
}
