import { graphql } from "../../graphql/generated";

/** Every GraphQL document of Settings → Developers (issue 23): webhook endpoints, deliveries, API keys. */
export const WebhookEndpointFieldsFragment = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    url
    description
    eventTypes
    enabled
    disabledReason
    createdAt
    previousSecretExpiresAt
    deliveriesPaused
  }
`);

export const WebhookDeliveryFieldsFragment = graphql(`
  fragment WebhookDeliveryFields on WebhookDelivery {
    id
    webhookId
    eventType
    attempt
    status
    statusCode
    latencyMs
    responseBody
    error
    createdAt
    cursor
  }
`);

export const ApiKeyFieldsFragment = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    role
    prefix
    createdAt
    createdByName
    lastUsedAt
    expiresAt
    revokedAt
  }
`);

export const WebhookEndpointsQuery = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);

/** The signing secrets, asked for only when a person presses "Reveal secret" (never cached on screen otherwise). */
export const WebhookEndpointSecretsQuery = graphql(`
  query WebhookEndpointSecrets {
    webhookEndpoints {
      id
      secret
    }
  }
`);

export const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {
    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {
      ...WebhookDeliveryFields
    }
  }
`);

export const ApiKeysQuery = graphql(`
  query ApiKeys {
    apiKeys {
      ...ApiKeyFields
    }
  }
`);

export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      ...WebhookEndpointFields
    }
  }
`);

export const UpdateWebhookEndpointMutation = graphql(`
  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      ...WebhookEndpointFields
    }
  }
`);

export const DeleteWebhookEndpointMutation = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

export const RotateWebhookEndpointSecretMutation = graphql(`
  mutation RotateWebhookEndpointSecret($id: ID!) {
    rotateWebhookEndpointSecret(id: $id) {
      ...WebhookEndpointFields
    }
  }
`);

export const SendTestWebhookEventMutation = graphql(`
  mutation SendTestWebhookEvent($id: ID!) {
    sendTestWebhookEvent(id: $id) {
      ...WebhookDeliveryFields
    }
  }
`);

export const ResendWebhookDeliveryMutation = graphql(`
  mutation ResendWebhookDelivery($id: ID!) {
    resendWebhookDelivery(id: $id) {
      ...WebhookDeliveryFields
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      key
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      ...ApiKeyFields
    }
  }
`);
