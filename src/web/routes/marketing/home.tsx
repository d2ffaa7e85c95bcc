import { ExampleQuote } from "../../components/marketing/example-quote";
import { TrialCta } from "../../components/marketing/cta";
import { PageMeta } from "../../components/marketing/page-meta";
import { ComingSoon } from "../../components/marketing/plan-badge";
import { type Feature, isFeatureAvailable } from "../../../shared/plans";
import { useTranslation } from "../../i18n";

const AUDIENCES = ["freelancers", "agencies", "smallBusinesses"] as const;
/** The steps of a quote's life, each with the feature it needs: one not built yet says "coming soon". */
const STEPS = [
  { key: "build", feature: "blocks" },
  { key: "send", feature: "publicLink" },
  { key: "track", feature: "tracking" },
  { key: "sign", feature: "signing" },
] as const satisfies readonly { key: string; feature: Feature }[];

export default function HomePage() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <PageMeta title={t("meta.home.title")} description={t("meta.home.description")} />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:py-20 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold text-brand-700">{t("home.eyebrow")}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-950 sm:text-5xl">{t("home.title")}</h1>
            <p className="mt-5 text-lg leading-8 text-slate-700">{t("home.lead")}</p>
            <div className="mt-8">
              <TrialCta secondary={{ to: "/pricing", label: t("cta.seePricing") }} testId="hero-start-trial" />
            </div>
          </div>
          <ExampleQuote />
        </div>
      </section>

      <section aria-labelledby="for-whom" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="for-whom" className="text-3xl font-bold tracking-tight">
          {t("home.forWhom.title")}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map((key) => (
            <li key={key} className="rounded-xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold">{t(`home.forWhom.${key}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`home.forWhom.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="steps" className="text-3xl font-bold tracking-tight">
            {t("home.steps.title")}
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ key, feature }, index) => (
              <li key={key} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{t(`home.steps.${key}.title`)}</h3>
                <p className="mt-2 text-slate-600">{t(`home.steps.${key}.text`)}</p>
                {isFeatureAvailable(feature) ? null : (
                  <p className="mt-3">
                    <ComingSoon />
                  </p>
                )}
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="closing" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 id="closing" className="text-3xl font-bold tracking-tight">
          {t("home.closing.title")}
        </h2>
        <p className="mt-3 text-lg text-slate-600">{t("home.closing.text")}</p>
        <div className="mt-8">
          <TrialCta align="center" secondary={{ to: "/features", label: t("cta.seeFeatures") }} />
        </div>
      </section>
    </>
  );
}
