import { LOCALES, WIDTHS, accessibilitySuite, describeAccessibility } from "../support/accessibility";

/**
 * axe on every screen in English on a desktop, and at 375 px one screen of each layout and kind
 * with the public quote and its signing form (tests/support/accessibility.ts).
 */
accessibilitySuite();
describeAccessibility(LOCALES[0], WIDTHS[0]);
describeAccessibility(LOCALES[0], WIDTHS[1], { phone: "representative" });
