import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation as useReactI18nextTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/shared/i18n";
import { catalogs, i18nFor } from "../../src/shared/i18n/server";
import { useServerTranslation } from "../../src/web/i18n";

/**
 * The server's `useTranslation` (src/web/i18n.tsx, decision 085) answers as react-i18next's own
 * hook does under the server's i18next instances: the same `t` function (the instance's remembered
 * `getFixedT` for the same language, namespaces and key prefix), the same instance and readiness,
 * and the same rendered strings, for every way the app calls it.
 */
type Answer = { t: (key: string, options?: Record<string, unknown>) => string; i18n: { language: string }; ready: boolean } & unknown[];
type Hook = (ns?: unknown, props?: unknown) => Answer;
const CALLS: [unknown, unknown][] = [
  [undefined, undefined],
  ["marketing", undefined],
  [["quotes", "common"], undefined],
  ["signing", { keyPrefix: "page" }],
  [undefined, { keyPrefix: "errors" }],
];
const KEYS = ["common:skipToContent", "blocks:document.subtotal", "quotes:pricingUnits.DAY", "signing:page.optionalChoose", "notFound", "hero.title"];

function Probe({ hook, ns, props, answers }: { hook: Hook; ns: unknown; props: unknown; answers: Answer[] }) {
  const answer = hook(ns, props);
  answers.push(answer);
  return createElement("p", null, KEYS.map((key) => String(answer.t(key, { count: 2, amount: "2", name: "<b>" }))).join(" | "));
}

function render(hook: Hook, ns: unknown, props: unknown, instance: ReturnType<typeof i18nFor>) {
  const answers: Answer[] = [];
  const html = renderToString(createElement(I18nextProvider, { i18n: instance }, createElement(Probe, { hook, ns, props, answers })));
  return { html, answer: answers[0] };
}

describe("the server's useTranslation", () => {
  for (const locale of ["en", "nl"] as const) {
    it(`answers as react-i18next's hook under the server instance (${locale})`, () => {
      for (const [ns, props] of CALLS) {
        const theirs = render(useReactI18nextTranslation as unknown as Hook, ns, props, i18nFor(locale));
        const ours = render(useServerTranslation as unknown as Hook, ns, props, i18nFor(locale));
        expect(ours.html).toBe(theirs.html);
        expect(ours.answer.t).toBe(theirs.answer.t);
        expect(ours.answer.ready).toBe(true);
        expect(ours.answer[0]).toBe(ours.answer.t);
        expect(ours.answer.i18n.language).toBe(theirs.answer.i18n.language);
      }
    });
  }

  it("answers the same strings with an instance that does not remember (i18next's own getFixedT)", () => {
    for (const locale of ["en", "nl"] as const) {
      for (const [ns, props] of CALLS) {
        const instance = createI18n(locale, catalogs[locale]) as ReturnType<typeof i18nFor>;
        expect(render(useServerTranslation as unknown as Hook, ns, props, instance).html).toBe(
          render(useReactI18nextTranslation as unknown as Hook, ns, props, instance).html,
        );
      }
    }
  });
});
