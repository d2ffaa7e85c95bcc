import type { Mirror } from "../types";
import type en from "../en/app";

export default {
  dashboard: {
    welcome: "Welkom, {{name}}",
    trial_one: "Je gratis proefperiode eindigt op {{date}} (nog {{count}} dag).",
    trial_other: "Je gratis proefperiode eindigt op {{date}} (nog {{count}} dagen).",
  },
} as const satisfies Mirror<typeof en>;
