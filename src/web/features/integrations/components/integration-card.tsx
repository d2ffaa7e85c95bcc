import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton } from "../../../lib/mutation-errors";

/**
 * The frame of one integration's card: its name, what it does, its overall state, and below the
 * kind's own content (connections, connect form). A locked card (no integrations in the plan)
 * shows the upgrade path instead of connecting.
 */
export function IntegrationCard({
  id,
  name,
  description,
  state,
  locked,
  canUpgrade,
  upgradeMessage,
  children,
}: {
  id: string;
  name: string;
  description: string;
  state?: ReactNode;
  locked: boolean;
  canUpgrade: boolean;
  /** What the locked card says instead of "integrations are part of Basic and Pro" (a Pro-only integration). */
  upgradeMessage?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <article
      aria-labelledby={`integration-${id}-title`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid={`integration-card-${id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={`integration-${id}-title`} className="text-lg font-semibold">
            {name}
          </h2>
          <p className="max-w-2xl text-sm text-slate-600">{description}</p>
        </div>
        {state}
      </div>
      {locked ? (
        <div className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-700" data-testid={`integration-${id}-upgrade`}>
          <p>{upgradeMessage ?? t("integrations:upgrade.body")}</p>
          {canUpgrade ? (
            <Link to={href("/app/settings/billing")} className={`mt-2 ${linkButton.secondary}`}>
              {t("integrations:upgrade.action")}
            </Link>
          ) : (
            <p className="mt-1">{t("billing:upgrade.ownerOnly")}</p>
          )}
        </div>
      ) : null}
      {children}
    </article>
  );
}

/** A small badge: connected, needs attention, paused, not connected. */
export function StateBadge({ tone, children, testId }: { tone: "ok" | "warn" | "off"; children: ReactNode; testId?: string }) {
  const colours = { ok: "bg-emerald-100 text-emerald-900", warn: "bg-amber-100 text-amber-900", off: "bg-slate-200 text-slate-800" }[tone];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${colours}`} data-testid={testId}>
      {children}
    </span>
  );
}
