import { graphql } from "../../graphql/generated";

/** Every GraphQL document of Settings → Integrations (issue 24): connections by kind, their deliveries, Slack. */
export const IntegrationConnectionFieldsFragment = graphql(`
  fragment IntegrationConnectionFields on IntegrationConnection {
    id
    kind
    label
    detail
    url
    settings
    eventTypes
    enabled
    disabledReason
    disabledAt
    deliveriesPaused
    createdAt
  }
`);

export const IntegrationsQuery = graphql(`
  query Integrations($kind: IntegrationKind) {
    integrations(kind: $kind) {
      ...IntegrationConnectionFields
    }
  }
`);

export const IntegrationDeliveriesQuery = graphql(`
  query IntegrationDeliveries($kind: IntegrationKind) {
    integrations(kind: $kind) {
      id
      recentDeliveries {
        id
        eventType
        attempt
        status
        statusCode
        responseBody
        error
        createdAt
      }
    }
  }
`);

export const DisconnectIntegrationMutation = graphql(`
  mutation DisconnectIntegration($id: ID!) {
    disconnectIntegration(id: $id)
  }
`);

export const SetIntegrationEnabledMutation = graphql(`
  mutation SetIntegrationEnabled($id: ID!, $enabled: Boolean!) {
    setIntegrationEnabled(id: $id, enabled: $enabled) {
      ...IntegrationConnectionFields
    }
  }
`);

export const UpdateIntegrationEventsMutation = graphql(`
  mutation UpdateIntegrationEvents($id: ID!, $eventTypes: [String!]!) {
    updateIntegrationEvents(id: $id, eventTypes: $eventTypes) {
      ...IntegrationConnectionFields
    }
  }
`);

export const SlackIntegrationQuery = graphql(`
  query SlackIntegration {
    slackIntegration {
      addToSlack
    }
  }
`);

export const StartSlackOAuthMutation = graphql(`
  mutation StartSlackOAuth {
    startSlackOAuth
  }
`);

export const ConnectSlackWebhookMutation = graphql(`
  mutation ConnectSlackWebhook($input: SlackWebhookInput!) {
    connectSlackWebhook(input: $input) {
      ...IntegrationConnectionFields
    }
  }
`);
