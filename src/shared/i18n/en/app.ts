export default {
  dashboard: {
    welcome: "Welcome, {{name}}",
    trial_one: "Your free trial ends in {{count}} day.",
    trial_other: "Your free trial ends in {{count}} days.",
  },
} as const;
