import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { storedSignInEmail } from "../../lib/auth-client";
import { redirectIfSignedIn } from "../../lib/auth.server";
import type { Route } from "./+types/email-link-sent";

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  return null;
}

export default function EmailLinkSentPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => setEmail(storedSignInEmail()), []);
  return (
    <div className="p-6 sm:p-8">
      <title>{`${t("auth:linkSent.title")} · Offerly`}</title>
      <div aria-hidden="true" className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-2xl">
        ✉
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{t("auth:linkSent.title")}</h1>
      <p className="mt-2 text-slate-700" data-testid="link-sent-message">
        {email ? t("auth:linkSent.body", { email }) : t("auth:linkSent.bodyNoEmail")}
      </p>
      <p className="mt-6 text-sm">
        <Link to={href("/auth/sign-in")} className="font-medium text-brand-700 hover:underline">
          {t("auth:linkSent.again")}
        </Link>
      </p>
    </div>
  );
}
