import { Link } from "react-router";
import { ZAPIER_APP_URL, ZAPIER_TRIGGER_EVENTS } from "../../../../shared/integrations";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton } from "../../../lib/mutation-errors";
import type { IntegrationCardProps } from "../cards";
import { integrationEventLabel } from "./event-label";
import { IntegrationCard } from "./integration-card";

/**
 * Zapier (issue 24): nothing to connect here — Zapier's app uses an API key from Settings →
 * Developers and REST hooks (webhook endpoints). The card says how, and which events it gets.
 */
export function ZapierCard({ locked, canUpgrade }: IntegrationCardProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <IntegrationCard
      id="zapier"
      name={t("integrations:zapier.name")}
      description={t("integrations:zapier.description")}
      locked={locked}
      canUpgrade={canUpgrade}
    >
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-800">
        <li>{t("integrations:zapier.step1")}</li>
        <li>{t("integrations:zapier.step2")}</li>
        <li>
          {t("integrations:zapier.step3")}
          <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="zapier-events">
            {ZAPIER_TRIGGER_EVENTS.map((type) => (
              <li key={type} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                {integrationEventLabel(t, type)}
              </li>
            ))}
          </ul>
        </li>
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Link to={href("/app/settings/developers")} className={linkButton.secondary} data-testid="zapier-developers">
          {t("integrations:zapier.developers")}
        </Link>
        <a href={ZAPIER_APP_URL} target="_blank" rel="noopener noreferrer" className={linkButton.secondary} data-testid="zapier-open">
          {t("integrations:zapier.open")} <span className="sr-only">{t("integrations:zapier.opensNewTab")}</span>
        </a>
      </div>
    </IntegrationCard>
  );
}
