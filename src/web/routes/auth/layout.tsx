import { Link, Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/layout/language-switcher";
import { Logo } from "../../components/layout/logo";
import { useLocalizedHref } from "../../i18n";

export default function AuthLayout() {
  const href = useLocalizedHref();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <meta name="robots" content="noindex" />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4">
        <Link to={href("/")}>
          <Logo />
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:py-16">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white shadow-sm">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
