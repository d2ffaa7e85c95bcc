import { Link, useParams, useSearchParams } from "react-router";
import { TemplateBlockEditor } from "../../features/templates/components/template-block-editor";
import { useLocalizedHref, useTranslation } from "../../i18n";

/** /app/templates/mutate/:templateId? — edit a template, or create one (?kind=TEXT|PRICING). */
export default function TemplateMutatePage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { templateId } = useParams();
  const [params] = useSearchParams();
  const kind = params.get("kind") === "PRICING" ? "PRICING" : "TEXT";
  const title = templateId ? t("templates:editTitle") : kind === "PRICING" ? t("templates:newPricing") : t("templates:newText");
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <title>{`${title} · Offerly`}</title>
      <Link to={href("/app/templates")} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("templates:back")}
      </Link>
      <h1 className="mb-6 mt-2 text-2xl font-bold tracking-tight">{title}</h1>
      <TemplateBlockEditor key={templateId ?? kind} templateId={templateId} kind={kind} />
    </section>
  );
}
