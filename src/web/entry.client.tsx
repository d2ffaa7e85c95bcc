import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createI18n, loadCatalog } from "../shared/i18n/index";
import { isLocale } from "../shared/locales";

// The document's language is fixed per page load (switching language reloads the page), so the
// browser downloads only that language's catalog.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : "en";

loadCatalog(locale).then((catalog) => {
  const i18n = createI18n(locale, catalog);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
});
