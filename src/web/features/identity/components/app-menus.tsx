import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useLocale, useLocalizedHref, useTranslation } from "../../../i18n";
import { rememberAccount } from "../../../lib/account-cookie";
import { signOut } from "../../../lib/auth-client";
import type { AppAccount } from "../../../lib/auth.server";

/** Switching account reloads the app: a fresh GraphQL cache for the other company. */
export function AccountSwitcher({ accounts, selectedId }: { accounts: AppAccount[]; selectedId: string }) {
  const { t } = useTranslation();
  if (accounts.length < 2) {
    return (
      <span className="hidden max-w-48 truncate text-sm font-medium text-slate-700 sm:inline" data-testid="account-name">
        {accounts[0]?.name}
      </span>
    );
  }
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t("auth:accountSwitcher.switchTo")}</span>
      <select
        data-testid="account-switcher"
        value={selectedId}
        onChange={(e) => {
          rememberAccount(e.target.value);
          window.location.reload();
        }}
        className="max-w-48 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </label>
  );
}

const SETTINGS = [
  { to: "/app/settings", key: "appNav.account" },
  { to: "/app/settings/billing", key: "appNav.billing" },
  { to: "/app/settings/styling", key: "appNav.styling" },
  { to: "/app/settings/team", key: "appNav.team" },
  { to: "/app/settings/data", key: "appNav.data" },
] as const;

export function SettingsMenu({ email }: { email: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const active = pathname.includes("/app/settings");
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className={`rounded-md px-3 py-2 text-sm font-medium ${active ? "text-brand-700" : "text-slate-700 hover:text-slate-950"}`}
      >
        {t("appNav.settings")} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 z-20 mt-1 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          {SETTINGS.map((item) => (
            <Link key={item.to} role="menuitem" to={href(item.to)} className="block px-4 py-2 text-sm hover:bg-slate-50">
              {t(item.key)}
            </Link>
          ))}
          <Link
            role="menuitem"
            to={href("/app/settings/billing")}
            className="block px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-slate-50"
            data-testid="menu-upgrade"
          >
            {t("appNav.upgrade")}
          </Link>
          <a role="menuitem" href={href("/contact")} className="block px-4 py-2 text-sm hover:bg-slate-50">
            {t("appNav.support")}
          </a>
          <Link
            role="menuitem"
            to={`${href("/app/settings")}?new-account=1`}
            className="block px-4 py-2 text-sm hover:bg-slate-50"
            data-testid="menu-new-account"
          >
            {t("settings:menu.newAccount")}
          </Link>
          <div className="my-1 border-t border-slate-100" />
          <p className="truncate px-4 py-1 text-xs text-slate-500">{email}</p>
          <button
            type="button"
            role="menuitem"
            data-testid="sign-out"
            onClick={() => void signOut(locale)}
            className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-50"
          >
            {t("appNav.signOut")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
