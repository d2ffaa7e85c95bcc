/**
 * Compile-time check (run by `npm run typecheck`, never executed): translation keys are typed. If
 * the CustomTypeOptions declaration in ./types.ts stops working, the @ts-expect-error lines below
 * become unused and the typecheck fails.
 */
import type { TFunction } from "i18next";

export function typedKeys(t: TFunction) {
  return [
    t("retry"),
    t("quotes:total"),
    t("customers:confirmDelete.title", { name: "Acme" }),
    // @ts-expect-error a typo in a key of the default namespace
    t("retyr"),
    // @ts-expect-error a typo in a namespaced key
    t("quotes:totl"),
    // @ts-expect-error an unknown namespace
    t("quotse:total"),
  ];
}
