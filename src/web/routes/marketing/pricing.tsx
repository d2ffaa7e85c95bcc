import { useSearchParams } from "react-router";
import {
  FEATURES,
  type Interval,
  PLANS,
  type Plan,
  hasFeature,
  isFeatureAvailable,
  priceCents,
  yearlyDiscountPercent,
  yearlyPricePerMonthCents,
  yearlySavingCents,
} from "../../../shared/plans";
import { formatEuros } from "../../../shared/format";
import { PageMeta } from "../../components/marketing/page-meta";
import { useLocale, useLocalizedHref, useTranslation } from "../../i18n";

const POPULAR: Plan = "BASIC";

function parseInterval(value: string | null): Interval {
  return value === "yearly" ? "YEARLY" : "MONTHLY";
}

const lower = (interval: Interval) => (interval === "YEARLY" ? "yearly" : "monthly");

/**
 * The monthly/yearly switch is a GET form (?interval=yearly), so it works without JavaScript; with
 * JavaScript the marketing island (features/marketing/island/pricing.ts) switches in place and
 * keeps the address in step. The page carries both intervals' texts for it (data-monthly,
 * data-yearly, data-interval-only, data-href-*); the server renders the requested one.
 */
function IntervalSwitch({ value }: { value: Interval }) {
  const { t } = useTranslation("marketing");
  const option = (interval: Interval, label: string) => (
    <button
      type="submit"
      name="interval"
      value={lower(interval)}
      aria-pressed={value === interval}
      data-testid={`interval-${lower(interval)}`}
      className="rounded-full px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-950 aria-pressed:bg-slate-900 aria-pressed:text-white aria-pressed:hover:text-white"
    >
      {label}
    </button>
  );
  return (
    <form method="get" data-interval-switch className="flex flex-col items-center gap-2">
      <fieldset className="flex flex-col items-center gap-2">
        <legend className="sr-only">{t("pricing.interval")}</legend>
        <div className="inline-flex rounded-full border border-slate-300 bg-white p-1">
          {option("MONTHLY", t("pricing.monthly"))}
          {option("YEARLY", t("pricing.yearly"))}
        </div>
      </fieldset>
      <p className="text-sm font-medium text-green-700">{t("pricing.switchToYearly", { percent: yearlyDiscountPercent("BASIC") })}</p>
    </form>
  );
}

/** Text that depends on the interval: the requested one rendered, both carried for the island. */
function ByInterval({
  interval,
  text,
  ...rest
}: { interval: Interval; text: (interval: Interval) => string } & React.HTMLAttributes<HTMLSpanElement> & { "data-testid"?: string }) {
  return (
    <span {...rest} data-monthly={text("MONTHLY")} data-yearly={text("YEARLY")}>
      {text(interval)}
    </span>
  );
}

function PlanCard({ plan, interval }: { plan: Plan; interval: Interval }) {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const href = useLocalizedHref();
  const popular = plan === POPULAR;
  const yearly = interval === "YEARLY";
  const signUp = (i: Interval) => href(`/auth/sign-in?mode=sign-up&plan=${plan.toLowerCase()}&interval=${lower(i)}`);
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-6 ${popular ? "border-brand-600 shadow-lg ring-1 ring-brand-600" : "border-slate-200"}`}
    >
      {popular ? <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">{t("pricing.popular")}</p> : null}
      <h2 id={`plan-${plan}`} className="text-xl font-bold">
        {t(`pricing.plans.${plan}.name`)}
      </h2>
      <p className="mt-2 min-h-12 text-sm text-slate-600">{t(`pricing.plans.${plan}.description`)}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <ByInterval
          interval={interval}
          text={(i) => formatEuros(priceCents(plan, i), locale)}
          className="text-4xl font-extrabold tracking-tight tabular-nums"
          data-testid={`price-${plan}`}
        />
        <ByInterval
          interval={interval}
          text={(i) => `${i === "YEARLY" ? t("pricing.perYear") : t("pricing.perMonth")}, ${t("pricing.exclVat")}`}
          className="text-sm text-slate-600"
        />
      </p>
      <p className="mt-1 min-h-10 text-sm text-slate-600">
        <span data-interval-only="yearly" hidden={!yearly}>
          {t("pricing.perMonthBilledYearly", { amount: formatEuros(yearlyPricePerMonthCents(plan), locale) })}
          <br />
          <span className="font-medium text-green-700">{t("pricing.saving", { amount: formatEuros(yearlySavingCents(plan), locale) })}</span>
        </span>
      </p>
      <a
        href={signUp(interval)}
        data-href-monthly={signUp("MONTHLY")}
        data-href-yearly={signUp("YEARLY")}
        className={`mt-6 rounded-md px-4 py-2.5 text-center text-sm font-semibold ${popular ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-300 text-slate-900 hover:bg-slate-50"}`}
        aria-describedby={`plan-${plan}`}
      >
        {t("pricing.choose")}
      </a>
    </li>
  );
}

/**
 * A tick only for what the product has today; a clock ("Coming soon" to screen readers) where a
 * plan will include a feature that is not built yet. Narrow, so the table fits a phone.
 */
function PlanCell({ included, available }: { included: boolean; available: boolean }) {
  const { t } = useTranslation("marketing");
  if (included && available) {
    return (
      <img src="/icons/check.svg" alt={t("pricing.compare.included")} width={20} height={20} loading="lazy" decoding="async" className="mx-auto h-5 w-5" />
    );
  }
  if (included) {
    return (
      <span className="text-amber-700">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" className="mx-auto h-5 w-5">
          <circle cx="10" cy="10" r="7.25" />
          <path d="M10 6v4l2.5 2" />
        </svg>
        <span className="sr-only">{t("pricing.compare.comingSoon")}</span>
      </span>
    );
  }
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("pricing.compare.notIncluded")}</span>
    </span>
  );
}

function ComparisonTable() {
  const { t } = useTranslation("marketing");
  return (
    <section aria-labelledby="compare" className="mt-20">
      <h2 id="compare" className="text-2xl font-bold tracking-tight">
        {t("pricing.compare.title")}
      </h2>
      {/* Scrolls sideways on a narrow screen: focusable, so it scrolls with the keyboard too. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a scroll container, not a page section */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <div className="mt-6 overflow-x-auto" role="region" aria-labelledby="compare" tabIndex={0}>
        <table className="w-full min-w-[20rem] text-left text-sm">
          <thead>
            <tr className="border-b-2 border-slate-300">
              <th scope="col" className="py-3 pr-3 font-semibold">
                {t("pricing.compare.feature")}
              </th>
              {PLANS.map((plan) => (
                <th key={plan} scope="col" className="w-16 px-2 py-3 text-center font-semibold sm:w-28">
                  {t(`pricing.plans.${plan}.name`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FEATURES.map((feature) => (
              <tr key={feature} className="border-b border-slate-200" data-testid={`compare-${feature}`}>
                <th scope="row" className="py-3 pr-3 font-normal text-slate-800">
                  {t(`pricing.featureNames.${feature}`)}
                  {isFeatureAvailable(feature) ? null : (
                    <span className="ml-1.5 inline-block rounded-full bg-amber-100 px-2 text-xs font-medium text-amber-900" aria-hidden="true">
                      {t("pricing.compare.comingSoon")}
                    </span>
                  )}
                </th>
                {PLANS.map((plan) => (
                  <td key={plan} className="px-2 py-3 text-center">
                    <PlanCell included={hasFeature(plan, feature)} available={isFeatureAvailable(feature)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function PricingPage() {
  const { t } = useTranslation("marketing");
  const [params] = useSearchParams();
  const interval = parseInterval(params.get("interval"));
  return (
    <>
      <PageMeta title={t("meta.pricing.title")} description={t("meta.pricing.description")} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <header className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight">{t("pricing.title")}</h1>
          <p className="mt-4 text-lg text-slate-700">{t("pricing.lead")}</p>
        </header>
        <div className="mt-10">
          <IntervalSwitch value={interval} />
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan} plan={plan} interval={interval} />
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-slate-600">{t("pricing.vatNote")}</p>
        <ComparisonTable />
      </div>
    </>
  );
}
