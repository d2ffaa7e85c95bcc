import { Link, useSearchParams } from "react-router";
import { SignatureTemplates } from "../../features/templates/components/signature-templates";
import { TemplateBlocksList } from "../../features/templates/components/template-blocks-list";
import { useLocalizedHref, useTranslation } from "../../i18n";

/** /app/templates — text and pricing templates (?tab=blocks, the default) and signature templates (?tab=signatures). */
export default function TemplatesPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [params] = useSearchParams();
  const tab = params.get("tab") === "signatures" ? "signatures" : "blocks";
  const tabs = [
    { id: "blocks", label: t("templates:tabs.blocks"), to: href("/app/templates") },
    { id: "signatures", label: t("templates:tabs.signatures"), to: href("/app/templates?tab=signatures") },
  ];
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${t("templates:title")} · Offerly`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{t("templates:title")}</h1>
      <nav aria-label={t("templates:tabs.label")} className="mt-4 flex gap-1 border-b border-slate-200">
        {tabs.map((item) => (
          <Link
            key={item.id}
            to={item.to}
            aria-current={tab === item.id ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${tab === item.id ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="mt-6">{tab === "signatures" ? <SignatureTemplates /> : <TemplateBlocksList />}</div>
    </section>
  );
}
