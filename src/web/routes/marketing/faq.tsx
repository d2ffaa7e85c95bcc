import { Link } from "react-router";
import { JsonLd } from "../../components/marketing/json-ld";
import { PageMeta } from "../../components/marketing/page-meta";
import { useLocalizedHref, useTranslation } from "../../i18n";

const FAQ_KEYS = ["trial", "plans", "vat", "yearly", "signing", "customer", "tracking", "integrations", "customDomain", "languages", "cancel", "data"] as const;

/**
 * The accordion is made of <details>/<summary>: keyboard-operable (Tab, Enter, Space) and announced
 * as expandable by screen readers without any JavaScript, and every answer is in the HTML.
 */
export default function FaqPage() {
  const { t } = useTranslation("marketing");
  const href = useLocalizedHref();
  const items = FAQ_KEYS.map((key) => ({ key, q: t(`faq.items.${key}.q`), a: t(`faq.items.${key}.a`) }));
  return (
    <>
      <PageMeta title={t("meta.faq.title")} description={t("meta.faq.description")} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: items.map((item) => ({ "@type": "Question", name: item.q, acceptedAnswer: { "@type": "Answer", text: item.a } })),
        }}
      />
      <div className="mx-auto max-w-3xl px-4 py-14">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("faq.title")}</h1>
        <p className="mt-4 text-lg text-slate-700">
          <Link to={href("/contact")} className="underline decoration-brand-500 underline-offset-4 hover:text-brand-700">
            {t("faq.lead")}
          </Link>
        </p>
        <div className="mt-10 divide-y divide-slate-200 border-y border-slate-200">
          {items.map((item) => (
            <details key={item.key} className="group" data-testid={`faq-${item.key}`}>
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-lg font-semibold text-slate-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
                <h2 className="text-lg font-semibold">{item.q}</h2>
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" fill="currentColor">
                  <path d="M5.3 7.3 10 12l4.7-4.7 1.1 1.1L10 14.2 4.2 8.4z" />
                </svg>
              </summary>
              <p className="pb-5 leading-7 text-slate-700">{item.a}</p>
            </details>
          ))}
        </div>
      </div>
    </>
  );
}
