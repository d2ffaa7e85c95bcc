import { useState } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/layout/language-switcher";
import { Logo } from "../../components/layout/logo";
import { useLocalizedHref, useTranslation } from "../../i18n";

const NAV = [
  { to: "/features", key: "nav.features" },
  { to: "/pricing", key: "nav.pricing" },
  { to: "/blog", key: "nav.blog" },
  { to: "/faq", key: "nav.faq" },
] as const;

export default function MarketingLayout() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [open, setOpen] = useState(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-950"}`;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link to={href("/")} aria-label={t("nav.home")}>
            <Logo />
          </Link>
          <nav aria-label={t("nav.mainNavigation")} className="hidden items-center gap-1 md:flex">
            {NAV.map((item) => (
              <NavLink key={item.to} to={href(item.to)} className={linkClass}>
                {t(item.key)}
              </NavLink>
            ))}
          </nav>
          <div className="hidden items-center gap-3 md:flex">
            <LanguageSwitcher />
            <Link to={href("/auth/sign-in")} className="text-sm font-medium text-slate-700 hover:text-slate-950">
              {t("nav.signIn")}
            </Link>
            <Link
              to={href("/auth/sign-in?mode=sign-up")}
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t("nav.startTrial")}
            </Link>
          </div>
          <button
            type="button"
            className="rounded-md p-2 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((v) => !v)}
          >
            <span className="sr-only">{open ? t("nav.closeMenu") : t("nav.openMenu")}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d={open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"} />
            </svg>
          </button>
        </div>
        {open ? (
          <div id="mobile-menu" className="border-t border-slate-200 px-4 py-3 md:hidden">
            <nav aria-label={t("nav.mainNavigation")} className="flex flex-col">
              {NAV.map((item) => (
                <NavLink key={item.to} to={href(item.to)} className={linkClass} onClick={() => setOpen(false)}>
                  {t(item.key)}
                </NavLink>
              ))}
              <Link to={href("/auth/sign-in")} className="px-3 py-2 text-sm font-medium">
                {t("nav.signIn")}
              </Link>
              <Link to={href("/auth/sign-in?mode=sign-up")} className="px-3 py-2 text-sm font-semibold text-brand-700">
                {t("nav.startTrial")}
              </Link>
            </nav>
            <LanguageSwitcher className="mt-2" />
          </div>
        ) : null}
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-4">
          <div>
            <Logo />
            <p className="mt-2 text-slate-600">{t("footer.tagline")}</p>
          </div>
          <div>
            <h2 className="font-semibold">{t("footer.product")}</h2>
            <ul className="mt-2 space-y-1 text-slate-600">
              <li><Link to={href("/features")}>{t("nav.features")}</Link></li>
              <li><Link to={href("/pricing")}>{t("nav.pricing")}</Link></li>
              <li><Link to={href("/faq")}>{t("nav.faq")}</Link></li>
            </ul>
          </div>
          <div>
            <h2 className="font-semibold">{t("footer.company")}</h2>
            <ul className="mt-2 space-y-1 text-slate-600">
              <li><Link to={href("/blog")}>{t("nav.blog")}</Link></li>
              <li><Link to={href("/contact")}>{t("nav.contact")}</Link></li>
            </ul>
          </div>
          <div>
            <h2 className="font-semibold">{t("footer.legal")}</h2>
            <ul className="mt-2 space-y-1 text-slate-600">
              <li><Link to={href("/privacy-policy")}>{t("nav.privacy")}</Link></li>
            </ul>
            <LanguageSwitcher className="mt-4" />
          </div>
        </div>
        <p className="pb-8 text-center text-xs text-slate-500">{t("footer.rights", { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}
