import type { TFunction } from "i18next";

/** "Quote signed" for "quote.signed" in the integrations' words (unknown types as they are). */
export function integrationEventLabel(t: TFunction, type: string): string {
  const label = t(`integrations:events.${type}` as never);
  return label === `events.${type}` || label === `integrations:events.${type}` ? type : label;
}
