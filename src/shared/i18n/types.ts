/** The shape of a catalog with the same keys as T and any strings as values. */
export type Mirror<T> = { readonly [K in keyof T]: T[K] extends string ? string : Mirror<T[K]> };

import type en from "./en/index";

/**
 * Typed keys: `t("…")` only accepts keys of the English catalogs (the source of truth; every other
 * language mirrors them), so a typo fails `npm run typecheck`. Keys built at run time (schema
 * messages, server error keys) go through `translateKey` / a cast, deliberately.
 */
declare module "i18next" {
  interface CustomTypeOptions {
    // Every namespace, "common" first: `t("retry")` reads common, `t("quotes:total")` any other,
    // wherever the t comes from (useTranslation(), the server's translator). At run time the
    // default namespace is "common" and every namespace of the language is loaded.
    defaultNS: [
      "common",
      "api",
      "auth",
      "app",
      "marketing",
      "customers",
      "quotes",
      "settings",
      "billing",
      "blocks",
      "team",
      "editor",
      "templates",
      "pdf",
      "signing",
      "statistics",
      "conversation",
      "apiKeys",
      "developers",
      "integrations",
      "webhooks",
      "harvest",
      "domains",
    ];
    resources: typeof en;
  }
}
