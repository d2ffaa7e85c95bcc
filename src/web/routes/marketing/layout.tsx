import { Link, NavLink, Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import { LanguageSwitcher } from "../../components/layout/language-switcher";
import { Logo } from "../../components/layout/logo";
import { marketingIslandSrc } from "../../features/marketing/island.server";
import type { MarketingIslandData } from "../../features/marketing/types";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { useNonce } from "../../nonce";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/layout";

/**
 * No hydration (issue 27, as the public quote in decision 023): the marketing pages are
 * server-rendered HTML that works without JavaScript; the root layout leaves out React Router's
 * scripts for them, and this layout adds the one small island script (features/marketing/island).
 * A link into the app (/auth/sign-in, /app) is an ordinary page load.
 */
export const handle = { hydrate: false };

const PRIMARY = "rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700";

const NAV = [
  { to: "/features", key: "nav.features" },
  { to: "/pricing", key: "nav.pricing" },
  { to: "/blog", key: "nav.blog" },
  { to: "/faq", key: "nav.faq" },
] as const;

/**
 * Whether the visitor is signed in (the per-request context resolved the session): a signed-in
 * visitor is offered the app, not "Sign in" and "Start free trial".
 */
export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: context.ctx.auth.user !== null, islandSrc: marketingIslandSrc() };
}

/** JSON inside <script type="application/json">: "<" escaped so no "</script>" can end it. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The public layout. The mobile menu is a <details> element: it opens and closes without
 * JavaScript; with the island it also closes after a link is chosen, and on Escape (focus goes
 * back to the menu button). The toasts' region comes after the page: last in the tab order.
 */
export default function MarketingLayout() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation("marketing");
  const href = useLocalizedHref();
  const { signedIn, islandSrc } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const island: MarketingIslandData = { analytics: useRouteLoaderData<typeof rootLoader>("root")?.analytics ?? null };
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-950"}`;
  const trial = href("/auth/sign-in?mode=sign-up");
  const app = href("/app");
  return (
    <div className="flex min-h-screen flex-col">
      <header className="relative border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to={href("/")} aria-label={`${t("brand")} · ${t("nav.home")}`}>
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
            {signedIn ? (
              <Link to={app} data-testid="header-go-to-app" className={PRIMARY}>
                {tm("signedIn.goToApp")}
              </Link>
            ) : (
              <>
                <Link to={href("/auth/sign-in")} className="text-sm font-medium text-slate-700 hover:text-slate-950">
                  {t("nav.signIn")}
                </Link>
                <Link to={trial} data-testid="header-start-trial" className={PRIMARY}>
                  {t("nav.startTrial")}
                </Link>
              </>
            )}
          </div>
          <div className="flex items-center gap-2 md:hidden">
            {signedIn ? (
              <Link to={app} className={`whitespace-nowrap ${PRIMARY}`}>
                {tm("signedIn.goToApp")}
              </Link>
            ) : (
              <Link to={trial} className={`whitespace-nowrap ${PRIMARY}`}>
                {t("nav.startTrialShort")}
              </Link>
            )}
            <details className="group" data-mobile-menu>
              <summary className="flex cursor-pointer list-none rounded-md p-2 [&::-webkit-details-marker]:hidden">
                <span className="sr-only">{t("nav.openMenu")}</span>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                  <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
                  <path className="hidden group-open:block" d="M6 6l12 12M18 6L6 18" />
                </svg>
              </summary>
              <div id="mobile-menu" className="absolute inset-x-0 top-full z-40 border-y border-slate-200 bg-white px-4 py-3 shadow-lg">
                <nav aria-label={t("nav.mainNavigation")} className="flex flex-col">
                  {NAV.map((item) => (
                    <NavLink key={item.to} to={href(item.to)} className={linkClass}>
                      {t(item.key)}
                    </NavLink>
                  ))}
                  <NavLink to={href("/contact")} className={linkClass}>
                    {t("nav.contact")}
                  </NavLink>
                  {signedIn ? null : (
                    <Link to={href("/auth/sign-in")} className="px-3 py-2 text-sm font-medium">
                      {t("nav.signIn")}
                    </Link>
                  )}
                </nav>
                <LanguageSwitcher className="mt-2" />
              </div>
            </details>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-2 md:grid-cols-4">
          <div>
            <Logo />
            <p className="mt-2 text-slate-600">{t("footer.tagline")}</p>
          </div>
          <div>
            <h2 className="font-semibold">{t("footer.product")}</h2>
            <ul className="mt-2 space-y-1 text-slate-600">
              <li>
                <Link to={href("/features")}>{t("nav.features")}</Link>
              </li>
              <li>
                <Link to={href("/pricing")}>{t("nav.pricing")}</Link>
              </li>
              <li>
                <Link to={href("/faq")}>{t("nav.faq")}</Link>
              </li>
              {signedIn ? null : (
                <li>
                  <Link to={trial}>{t("nav.startTrial")}</Link>
                </li>
              )}
            </ul>
          </div>
          <div>
            <h2 className="font-semibold">{t("footer.company")}</h2>
            <ul className="mt-2 space-y-1 text-slate-600">
              <li>
                <Link to={href("/blog")}>{t("nav.blog")}</Link>
              </li>
              <li>
                <Link to={href("/contact")}>{t("nav.contact")}</Link>
              </li>
              <li>{signedIn ? <Link to={app}>{tm("signedIn.goToApp")}</Link> : <Link to={href("/auth/sign-in")}>{t("nav.signIn")}</Link>}</li>
            </ul>
          </div>
          <div>
            <h2 className="font-semibold">{t("footer.legal")}</h2>
            <ul className="mt-2 space-y-1 text-slate-600">
              <li>
                <Link to={href("/privacy-policy")}>{t("nav.privacy")}</Link>
              </li>
            </ul>
            <LanguageSwitcher className="mt-4" landmark={false} />
          </div>
        </div>
        <p className="pb-8 text-center text-xs text-slate-500">{t("footer.rights", { year: new Date().getFullYear() })}</p>
      </footer>
      <section
        id="marketing-toasts"
        aria-label={t("toast.region")}
        className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:items-end"
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON for the island, "<" escaped */}
      <script type="application/json" id="offerly-marketing" nonce={nonce} dangerouslySetInnerHTML={{ __html: safeJson(island) }} />
      <script type="module" src={islandSrc} nonce={nonce} />
    </div>
  );
}
