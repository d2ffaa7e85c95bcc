/** Outbound webhooks (issue 23): errors, input messages and the owners' e-mail. */
export default {
  notFound: "This webhook endpoint does not exist.",
  deliveryNotFound: "This delivery does not exist or is older than 30 days.",
  errors: {
    urlNotAllowed: "This URL cannot receive webhooks: use a public https:// address.",
    tooManyEndpoints: "An account can have at most {{max}} webhook endpoints.",
    notConfigured: "Webhooks are not set up on this server (WEBHOOK_SECRET_KEY is missing). Please contact support.",
    resendUnavailable: "This delivery can no longer be resent: its event is no longer stored.",
  },
  validation: {
    urlRequired: "Enter the URL that should receive the events.",
    urlInvalid: "Enter a full URL, such as https://example.com/webhooks.",
    urlTooLong: "The URL can be at most 2000 characters.",
    eventTypesRequired: "Choose at least one event.",
    eventTypeUnknown: "One of the events does not exist.",
    descriptionTooLong: "The description can be at most 500 characters.",
  },
  email: {
    greeting: "Hello {{name}},",
    greetingNoName: "Hello,",
    footer: "You get this e-mail because you own an Offerly account.",
    failing: {
      subject: "Webhook endpoint disabled for {{company}}",
      preheader: "Deliveries to {{url}} kept failing for three days.",
      heading: "A webhook endpoint was disabled",
      body: "Offerly could not deliver events to {{url}} for about three days and has disabled this endpoint. No more events are sent to it. Check the receiver, then enable the endpoint again in Settings → Developers; the delivery log shows what the receiver answered.",
      button: "Open developer settings",
    },
    revoked: {
      subject: "{{integration}} disconnected for {{company}}",
      preheader: "{{integration}} refused Offerly's access ({{url}}).",
      heading: "An integration lost its access",
      body: "{{integration}} no longer accepts what Offerly sends to {{url}}: the channel was archived or removed, or the app or token was revoked. Offerly has stopped sending to it. Connect it again in Settings → Integrations.",
      button: "Open integrations",
    },
  },
} as const;
