import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { useAppShell } from "../../identity/hooks/use-app-shell";

const TABS = [
  { to: "/app/settings", key: "settings:nav.general", end: true, staffOnly: false },
  { to: "/app/settings/styling", key: "settings:nav.styling", end: true, staffOnly: false },
  { to: "/app/settings/team", key: "settings:nav.team", end: true, staffOnly: false },
  { to: "/app/settings/billing", key: "settings:nav.billing", end: false, staffOnly: false },
  /** Webhooks and API keys: owners and admins only (a member is refused by the server and never sees the tab). */
  { to: "/app/settings/developers", key: "settings:nav.developers", end: true, staffOnly: true },
  /** Slack, Harvest, Zapier: owners and admins only. */
  { to: "/app/settings/integrations", key: "settings:nav.integrations", end: true, staffOnly: true },
  /** The account's own domain for quote links (Pro): owners and admins only. */
  { to: "/app/settings/domain", key: "settings:nav.domain", end: true, staffOnly: true },
] as const;

/** The tabs of the settings area (general, styling, team, billing; developers for owners and admins). */
export function SettingsNav() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  // The role comes with the page (the app shell's loader), so the owners' and admins' tabs are in
  // the server's HTML, not added after a client query (they appeared late and shifted the tabs).
  const role = useAppShell()?.role;
  const staff = role === "owner" || role === "admin";
  const ref = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: the current one is scrolled into view (the last ones were cut off).
  useEffect(() => {
    const nav = ref.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const overflowRight = current.getBoundingClientRect().right - nav.getBoundingClientRect().right;
    if (overflowRight > 0) nav.scrollLeft += overflowRight + 16;
  });
  return (
    <nav ref={ref} aria-label={t("settings:title")} className="-mx-4 flex gap-1 overflow-x-auto px-4 sm:mx-0 sm:px-0" data-testid="settings-nav">
      {TABS.filter((tab) => staff || !tab.staffOnly).map((tab) => (
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
