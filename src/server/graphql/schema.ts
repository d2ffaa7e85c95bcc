import { assertValidSchema, lexicographicSortSchema } from "graphql";
import { builder } from "./builder";
// Each domain registers its types and root fields on import.
import "../modules/identity/identity.graphql";
import "../modules/customers/customers.graphql";
import "../modules/quotes/quotes.graphql";
import "../modules/settings/settings.graphql";
import "../modules/billing/billing.graphql";
import "../modules/blocks/blocks.graphql";
import "../modules/templates/templates.graphql";
import "../modules/team/team.graphql";
import "../modules/account-data/account-data.graphql";
import "../modules/public-quote/public-quote.graphql";
import "../modules/public-quote/versions.graphql";
import "../modules/statistics/statistics.graphql";
import "../modules/conversation/conversation.graphql";
import "../modules/api-keys/api-keys.graphql";
import "../modules/webhooks/webhooks.graphql";
import "../modules/integrations/integrations.graphql";
import "../modules/integrations/harvest/harvest.graphql";
import "../modules/integrations/mollie/mollie-connect.graphql";
import "../modules/integrations/docusign/docusign.graphql";
import "../modules/quote-payments/quote-payments.graphql";
import "../modules/custom-domains/custom-domains.graphql";

export const schema = lexicographicSortSchema(builder.toSchema());
// Fail at start-up, not on the first request, when the schema is invalid.
assertValidSchema(schema);
