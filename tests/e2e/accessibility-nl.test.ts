import { LOCALES, WIDTHS, accessibilitySuite, describeAccessibility } from "../support/accessibility";

/**
 * axe on every screen in Dutch on a desktop, and at 375 px the public quote with its signing form
 * (the layout at a phone's width is checked in English: tests/support/accessibility.ts).
 */
accessibilitySuite();
describeAccessibility(LOCALES[1], WIDTHS[0]);
describeAccessibility(LOCALES[1], WIDTHS[1], { only: "public quote" });
