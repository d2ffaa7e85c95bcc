import { Form, useNavigation } from "react-router";
import { NoIndexMeta } from "./page-meta";
import { useTranslation } from "../../i18n";

export type LinkPageResult = { outcome: "done" | "invalid" } | undefined;

/**
 * The page a newsletter e-mail link opens. Opening the link changes nothing (mail scanners open
 * links too); the button posts the token back, which confirms or unsubscribes.
 */
export function NewsletterLinkPage({ kind, token, result }: { kind: "confirm" | "unsubscribe"; token: string | null; result: LinkPageResult }) {
  const { t } = useTranslation("marketing");
  const navigation = useNavigation();
  const outcome = result?.outcome ?? (token ? undefined : "invalid");
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <NoIndexMeta title={`${t(`newsletter.${kind}.title`)} · Offerly`} />
      <h1 className="text-3xl font-extrabold tracking-tight">{t(`newsletter.${kind}.title`)}</h1>
      {outcome === "done" ? (
        <p role="status" className="mt-6 rounded-md bg-green-50 p-4 text-green-900" data-testid="newsletter-outcome">
          {t(`newsletter.${kind}.done`)}
        </p>
      ) : outcome === "invalid" ? (
        <p role="alert" className="mt-6 rounded-md bg-amber-50 p-4 text-amber-900" data-testid="newsletter-outcome">
          {t(`newsletter.${kind}.invalid`)}
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <p className="text-slate-700">{t(`newsletter.${kind}.lead`)}</p>
          <input type="hidden" name="token" value={token ?? ""} />
          <button
            type="submit"
            disabled={navigation.state !== "idle"}
            className="mt-6 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {t(`newsletter.${kind}.button`)}
          </button>
        </Form>
      )}
    </div>
  );
}
