import { Link, NavLink, Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/layout/language-switcher";
import { Logo } from "../../components/layout/logo";
import { GraphQLProvider } from "../../graphql/provider";
import { ExpiredModal } from "../../features/billing/components/expired-modal";
import { UpgradePromptDialog } from "../../features/billing/components/upgrade-prompt-dialog";
import { AccountSwitcher, SettingsMenu } from "../../features/identity/components/app-menus";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { loadAppSession } from "../../lib/auth.server";
import type { Route } from "./+types/layout";

/** The app area requires sign-in: checked on the server before the page renders. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await loadAppSession(context, request);
  return { user: session.user, accounts: session.accounts, selectedAccountId: session.selectedAccountId };
}

const MENU = [
  { to: "/app", key: "appNav.home", end: true },
  { to: "/app/quotes", key: "appNav.quotes", end: false },
  { to: "/app/templates", key: "appNav.templates", end: false },
  { to: "/app/customers", key: "appNav.customers", end: false },
] as const;

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:text-slate-950"}`;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <meta name="robots" content="noindex" />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2">
          <Link to={href("/app")} className="mr-2">
            <Logo />
          </Link>
          <nav aria-label={t("nav.mainNavigation")} className="order-last flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
            {MENU.map((item) => (
              <NavLink key={item.to} to={href(item.to)} end={item.end} className={linkClass}>
                {t(item.key)}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <AccountSwitcher accounts={loaderData.accounts} selectedId={loaderData.selectedAccountId} />
            <SettingsMenu email={loaderData.user.email} />
            <LanguageSwitcher />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <GraphQLProvider accountId={loaderData.selectedAccountId}>
          <Outlet />
          <ExpiredModal />
          <UpgradePromptDialog />
        </GraphQLProvider>
      </main>
    </div>
  );
}
