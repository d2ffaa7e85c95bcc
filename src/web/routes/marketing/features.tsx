import type { Feature } from "../../../shared/plans";
import { TrialCta } from "../../components/marketing/cta";
import { PageMeta } from "../../components/marketing/page-meta";
import { PlanBadges } from "../../components/marketing/plan-badge";
import { useTranslation } from "../../i18n";

/** Available features first; whether one is available comes from src/shared/plans.ts. */
const SECTIONS: { key: keyof typeof import("../../../shared/i18n/en/marketing").default["features"]["sections"]; feature: Feature }[] = [
  { key: "quotes", feature: "quotes" },
  { key: "publicLink", feature: "publicLink" },
  { key: "building", feature: "blocks" },
  { key: "templates", feature: "templates" },
  { key: "signing", feature: "signing" },
  { key: "pdf", feature: "pdf" },
  { key: "tracking", feature: "tracking" },
  { key: "styling", feature: "styling" },
  { key: "team", feature: "team" },
];

const INTEGRATIONS: { key: "slack" | "harvest" | "zapier" | "docusign"; name: string; feature: Feature }[] = [
  { key: "slack", name: "Slack", feature: "integrations" },
  { key: "harvest", name: "Harvest", feature: "integrations" },
  { key: "zapier", name: "Zapier", feature: "integrations" },
  { key: "docusign", name: "DocuSign", feature: "docusign" },
];

export default function FeaturesPage() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <PageMeta title={t("meta.features.title")} description={t("meta.features.description")} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <header className="max-w-3xl">
          <h1 className="text-4xl font-extrabold tracking-tight">{t("features.title")}</h1>
          <p className="mt-4 text-lg text-slate-700">{t("features.lead")}</p>
        </header>

        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {SECTIONS.map(({ key, feature }) => (
            <section key={key} aria-labelledby={`feature-${key}`} className="rounded-xl border border-slate-200 p-6">
              <h2 id={`feature-${key}`} className="text-xl font-semibold">
                {t(`features.sections.${key}.title`)}
              </h2>
              <p className="mt-2 leading-7 text-slate-600">{t(`features.sections.${key}.text`)}</p>
              <PlanBadges feature={feature} />
            </section>
          ))}
        </div>

        <section aria-labelledby="integrations" className="mt-16">
          <h2 id="integrations" className="text-2xl font-bold tracking-tight">
            {t("features.integrations.title")}
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700">{t("features.integrations.lead")}</p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {INTEGRATIONS.map(({ key, name, feature }) => (
              <li key={key} className="rounded-xl border border-dashed border-slate-300 p-5" data-testid={`integration-${key}`}>
                <h3 className="font-semibold">{name}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(`features.integrations.${key}`)}</p>
                <PlanBadges feature={feature} />
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-16 grid gap-6 md:grid-cols-2">
          <section aria-labelledby="custom-domain" className="rounded-xl border border-dashed border-slate-300 p-6">
            <h2 id="custom-domain" className="text-xl font-semibold">
              {t("features.domain.title")}
            </h2>
            <p className="mt-2 leading-7 text-slate-600">{t("features.domain.text")}</p>
            <PlanBadges feature="customDomain" />
          </section>
          <section aria-labelledby="watermark" className="rounded-xl border border-slate-200 p-6">
            <h2 id="watermark" className="text-xl font-semibold">
              {t("features.watermark.title")}
            </h2>
            <p className="mt-2 leading-7 text-slate-600">{t("features.watermark.text")}</p>
            <PlanBadges feature="noWatermark" />
          </section>
        </div>

        <div className="mt-16 flex justify-center">
          <TrialCta align="center" secondary={{ to: "/pricing", label: t("cta.seePricing") }} />
        </div>
      </div>
    </>
  );
}
