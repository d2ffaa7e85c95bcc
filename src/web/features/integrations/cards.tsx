import type { ComponentType } from "react";
import { DocuSignCard } from "./components/docusign-card";
import { MollieCard } from "./components/mollie-card";
import { SlackCard } from "./components/slack-card";
import { ZapierCard } from "./components/zapier-card";
import { HarvestCard } from "./harvest-card";

/**
 * What every card on Settings → Integrations gets: `locked` — the plan has no integrations (or has
 * expired): the card shows what it does and the upgrade path, connecting is refused (by the
 * server too); `canUpgrade` — the viewer is the owner (who can change the plan).
 */
export type IntegrationCardProps = { locked: boolean; canUpgrade: boolean };

/** The cards, in the order the screen shows them. Each integration adds its card here (one line). */
export const INTEGRATION_CARDS: ReadonlyArray<{ id: string; Card: ComponentType<IntegrationCardProps> }> = [
  { id: "slack", Card: SlackCard },
  { id: "harvest", Card: HarvestCard },
  { id: "zapier", Card: ZapierCard },
  { id: "mollie", Card: MollieCard },
  { id: "docusign", Card: DocuSignCard },
];
