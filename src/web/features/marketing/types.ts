import type { PublicConfig } from "../../../server/config";

/** What the marketing island reads from the page (`<script type="application/json" id="offerly-marketing">`). */
export type MarketingIslandData = { analytics: PublicConfig["analytics"] };
