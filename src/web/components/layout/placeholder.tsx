import { useTranslation } from "../../i18n";

/** A screen whose issue has not been built yet: its title, and an honest note saying so. */
export function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <title>{`${title} · Offerly`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-600">{t("placeholder.comingSoon")}</p>
    </section>
  );
}
