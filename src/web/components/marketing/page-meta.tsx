import { useLocation, useRouteLoaderData } from "react-router";
import { LOCALES } from "../../../shared/locales";
import { useLocale, useTranslation } from "../../i18n";
import ogImage from "./og-image.jpg";

type RootData = { publicUrl: string };

const OG_LOCALE = { en: "en_GB", nl: "nl_NL" } as const;

/**
 * Title, description, Open Graph and Twitter card of a public page. React hoists these into
 * <head> during server rendering; nothing here needs JavaScript in the browser.
 */
export function PageMeta({ title, description, type = "website" }: { title: string; description: string; type?: "website" | "article" }) {
  const { pathname } = useLocation();
  const locale = useLocale();
  const { t } = useTranslation("marketing");
  const root = useRouteLoaderData("root") as RootData | undefined;
  const publicUrl = root?.publicUrl ?? "";
  const image = ogImage.startsWith("http") ? ogImage : `${publicUrl}${ogImage}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={t("meta.siteName")} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={publicUrl + pathname} />
      <meta property="og:locale" content={OG_LOCALE[locale]} />
      {LOCALES.filter((l) => l !== locale).map((l) => (
        <meta key={l} property="og:locale:alternate" content={OG_LOCALE[l]} />
      ))}
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  );
}

/** For pages that must not be indexed (newsletter confirm/unsubscribe). */
export function NoIndexMeta({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}
