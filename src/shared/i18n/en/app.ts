export default {
  dashboard: {
    welcome: "Welcome, {{name}}",
    trial_one: "Your free trial ends on {{date}} ({{count}} day left).",
    trial_other: "Your free trial ends on {{date}} ({{count}} days left).",
  },
} as const;
