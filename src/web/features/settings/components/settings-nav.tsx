import { NavLink } from "react-router";
import { useLocalizedHref, useTranslation } from "../../../i18n";

const TABS = [
  { to: "/app/settings", key: "settings:nav.general", end: true },
  { to: "/app/settings/styling", key: "settings:nav.styling", end: true },
  { to: "/app/settings/team", key: "settings:nav.team", end: true },
  { to: "/app/settings/billing", key: "settings:nav.billing", end: false },
] as const;

/** The tabs of the settings area (general, styling, team, billing). */
export function SettingsNav() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <nav aria-label={t("settings:title")} className="-mx-4 flex gap-1 overflow-x-auto px-4 sm:mx-0 sm:px-0" data-testid="settings-nav">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={href(tab.to)}
          end={tab.end}
          className={({ isActive }) =>
            `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-950"}`
          }
        >
          {t(tab.key)}
        </NavLink>
      ))}
    </nav>
  );
}
