/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AccountPlan {\n    me {\n      id\n      email\n    }\n    account {\n      id\n      name\n      subscriptionPlan\n      subscriptionInterval\n      expiredAt\n      billingFirstName\n      billingLastName\n      billingStreetAndNumber\n      billingStreetAdditional\n      billingPostalCode\n      billingCity\n      billingCountry\n      country\n      identityAccountsUsers {\n        role\n        identityUser {\n          email\n        }\n      }\n    }\n  }\n": typeof types.AccountPlanDocument,
    "\n  query Billing {\n    billing {\n      subscription {\n        plan\n        effectivePlan\n        interval\n        expiredAt\n        trial\n        expired\n        expiresToday\n        daysLeft\n        trialDaysLeft\n        renews\n        canceledAt\n        vatNumber\n        canChangePlan\n        scheduledChange {\n          plan\n          interval\n          effectiveAt\n        }\n      }\n      payments {\n        id\n        plan\n        interval\n        sequenceType\n        purpose\n        status\n        netCents\n        vatCents\n        totalCents\n        createdAt\n        paidAt\n      }\n      invoices {\n        id\n        number\n        paymentId\n        issuedAt\n        totalCents\n        url\n      }\n    }\n  }\n": typeof types.BillingDocument,
    "\n  mutation CreateFirstSubscriptionPayment($input: CreateFirstSubscriptionPaymentInput!) {\n    createFirstSubscriptionPayment(input: $input) {\n      status\n      checkoutUrl\n    }\n  }\n": typeof types.CreateFirstSubscriptionPaymentDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      status\n    }\n  }\n": typeof types.CancelSubscriptionDocument,
    "\n  query PlanChangePreview($plan: Plan!, $interval: SubscriptionInterval!) {\n    billing {\n      changePreview(plan: $plan, interval: $interval) {\n        kind\n        plan\n        interval\n        effectiveAt\n        dueNowCents\n        renewalCents\n        pendingSignatures\n        losesSigning\n      }\n    }\n  }\n": typeof types.PlanChangePreviewDocument,
    "\n  mutation ChangeSubscription($input: ChangeSubscriptionInput!) {\n    changeSubscription(input: $input) {\n      kind\n      status\n      effectiveAt\n      checkoutUrl\n    }\n  }\n": typeof types.ChangeSubscriptionDocument,
    "\n  fragment QuoteConversation on Quote {\n    id\n    decline {\n      declinedAt\n      reason\n    }\n    reminder {\n      enabled\n      daysBefore\n      sentAt\n      scheduledFor\n    }\n    conversation {\n      id\n      kind\n      text\n      email\n      answer\n      answerEmail\n      answeredAt\n      active\n      createdAt\n    }\n  }\n": typeof types.QuoteConversationFragmentDoc,
    "\n  query QuoteConversation($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      displayStatus\n      lifecycle {\n        state\n        actions\n      }\n      language\n      customer {\n        id\n        email\n      }\n      ...QuoteConversation\n    }\n    account {\n      id\n      timeZone\n    }\n  }\n": typeof types.QuoteConversationDocument,
    "\n  mutation SendQuoteToCustomer($id: ID!, $input: SendQuoteToCustomerInput!) {\n    sendQuoteToCustomer(id: $id, input: $input) {\n      id\n      kind\n      email\n      text\n      createdAt\n    }\n  }\n": typeof types.SendQuoteToCustomerDocument,
    "\n  mutation AnswerQuoteQuestion($id: ID!, $answer: String!) {\n    answerQuoteQuestion(id: $id, answer: $answer) {\n      id\n      answer\n      answerEmail\n      answeredAt\n    }\n  }\n": typeof types.AnswerQuoteQuestionDocument,
    "\n  mutation UpdateQuoteReminder($id: ID!, $input: QuoteReminderInput!) {\n    updateQuoteReminder(id: $id, input: $input) {\n      id\n      reminder {\n        enabled\n        daysBefore\n        sentAt\n        scheduledFor\n      }\n    }\n  }\n": typeof types.UpdateQuoteReminderDocument,
    "\n  query AccountNotifications {\n    account {\n      id\n      notifyQuoteResponses\n    }\n  }\n": typeof types.AccountNotificationsDocument,
    "\n  mutation UpdateAccountNotifications($notifyQuoteResponses: Boolean!) {\n    updateAccountNotifications(notifyQuoteResponses: $notifyQuoteResponses) {\n      id\n      notifyQuoteResponses\n    }\n  }\n": typeof types.UpdateAccountNotificationsDocument,
    "\n  fragment CustomerFields on Customer {\n    id\n    name\n    companyName\n    contactPerson\n    email\n    phone\n    content\n    totalQuotes\n    totalSignedQuotes\n  }\n": typeof types.CustomerFieldsFragmentDoc,
    "\n  query Customers($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $sort: CustomerSort) {\n    customers(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, sort: $sort) {\n      totalCount\n      page\n      pageSize\n      startCursor\n      endCursor\n      hasPreviousPage\n      hasNextPage\n      items {\n        id\n        name\n        companyName\n        totalQuotes\n        totalSignedQuotes\n      }\n    }\n  }\n": typeof types.CustomersDocument,
    "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      ...CustomerFields\n    }\n  }\n": typeof types.CustomerDocument,
    "\n  mutation CreateCustomer($input: CustomerInput!) {\n    createCustomer(input: $input) {\n      ...CustomerFields\n    }\n  }\n": typeof types.CreateCustomerDocument,
    "\n  mutation UpdateCustomer($id: ID!, $input: CustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      ...CustomerFields\n    }\n  }\n": typeof types.UpdateCustomerDocument,
    "\n  mutation DeleteCustomer($id: ID!) {\n    deleteCustomer(id: $id)\n  }\n": typeof types.DeleteCustomerDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    eventTypes\n    enabled\n    disabledReason\n    createdAt\n    previousSecretExpiresAt\n    deliveriesPaused\n  }\n": typeof types.WebhookEndpointFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    webhookId\n    eventType\n    attempt\n    status\n    statusCode\n    latencyMs\n    responseBody\n    error\n    createdAt\n    cursor\n  }\n": typeof types.WebhookDeliveryFieldsFragmentDoc,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    role\n    prefix\n    createdAt\n    createdByName\n    lastUsedAt\n    expiresAt\n    revokedAt\n  }\n": typeof types.ApiKeyFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.WebhookEndpointsDocument,
    "\n  query WebhookEndpointSecrets {\n    webhookEndpoints {\n      id\n      secret\n    }\n  }\n": typeof types.WebhookEndpointSecretsDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      ...WebhookDeliveryFields\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.UpdateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.RotateWebhookEndpointSecretDocument,
    "\n  mutation SendTestWebhookEvent($id: ID!) {\n    sendTestWebhookEvent(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n": typeof types.SendTestWebhookEventDocument,
    "\n  mutation ResendWebhookDelivery($id: ID!) {\n    resendWebhookDelivery(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n": typeof types.ResendWebhookDeliveryDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  fragment CustomDomainFields on CustomDomain {\n    id\n    domain\n    status\n    serving\n    planAllows\n    lastCheckedAt\n    records {\n      type\n      name\n      value\n      state\n    }\n  }\n": typeof types.CustomDomainFieldsFragmentDoc,
    "\n  query CustomDomain {\n    customDomain {\n      ...CustomDomainFields\n    }\n    customDomainAvailable\n  }\n": typeof types.CustomDomainDocument,
    "\n  mutation AddCustomDomain($input: AddCustomDomainInput!) {\n    addCustomDomain(input: $input) {\n      ...CustomDomainFields\n    }\n  }\n": typeof types.AddCustomDomainDocument,
    "\n  mutation CheckCustomDomain {\n    checkCustomDomain {\n      ...CustomDomainFields\n    }\n  }\n": typeof types.CheckCustomDomainDocument,
    "\n  mutation RemoveCustomDomain {\n    removeCustomDomain\n  }\n": typeof types.RemoveCustomDomainDocument,
    "\n  fragment QuoteLineItemFields on QuoteLineItem {\n    id\n    name\n    description\n    price\n    amount\n    vatRate\n    discountType\n    discountValue\n    optional\n    selected\n    recurring\n    total\n  }\n": typeof types.QuoteLineItemFieldsFragmentDoc,
    "\n  fragment QuoteBlockFields on QuoteBlock {\n    __typename\n    id\n    name\n    content\n    position\n    ... on PricingQuoteBlock {\n      pricingUnit\n      discountType\n      discountValue\n      quoteLineItems {\n        ...QuoteLineItemFields\n      }\n      totals {\n        ...TotalsFields\n      }\n    }\n  }\n": typeof types.QuoteBlockFieldsFragmentDoc,
    "\n  query QuoteEditor($id: ID!) {\n    quote(id: $id) {\n      id\n      quoteNumber\n      name\n      language\n      currency\n      status\n      totals {\n        ...TotalsFields\n      }\n      quoteBlocks {\n        __typename\n        id\n        name\n        content\n        position\n        ... on PricingQuoteBlock {\n          pricingUnit\n          discountType\n          discountValue\n          quoteLineItems {\n            ...QuoteLineItemFields\n          }\n          totals {\n            ...TotalsFields\n          }\n        }\n      }\n    }\n    account {\n      id\n      country\n      language\n      currency\n    }\n  }\n": typeof types.QuoteEditorDocument,
    "\n  query QuoteBlock($id: ID!) {\n    quoteBlock(id: $id) {\n      ...QuoteBlockFields\n    }\n  }\n": typeof types.QuoteBlockDocument,
    "\n  mutation CreateTextQuoteBlock($quoteId: ID!, $input: TextBlockInput!) {\n    createTextQuoteBlock(quoteId: $quoteId, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n": typeof types.CreateTextQuoteBlockDocument,
    "\n  mutation UpdateTextQuoteBlock($id: ID!, $input: TextBlockInput!) {\n    updateTextQuoteBlock(id: $id, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n": typeof types.UpdateTextQuoteBlockDocument,
    "\n  mutation CreatePricingQuoteBlock($quoteId: ID!, $input: PricingBlockInput!) {\n    createPricingQuoteBlock(quoteId: $quoteId, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n": typeof types.CreatePricingQuoteBlockDocument,
    "\n  mutation UpdatePricingQuoteBlock($id: ID!, $input: PricingBlockInput!) {\n    updatePricingQuoteBlock(id: $id, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n": typeof types.UpdatePricingQuoteBlockDocument,
    "\n  mutation DeleteQuoteBlock($id: ID!) {\n    deleteQuoteBlock(id: $id)\n  }\n": typeof types.DeleteQuoteBlockDocument,
    "\n  mutation DuplicateQuoteBlock($id: ID!) {\n    duplicateQuoteBlock(id: $id) {\n      ...QuoteBlockFields\n    }\n  }\n": typeof types.DuplicateQuoteBlockDocument,
    "\n  mutation UpdateQuoteBlockPositions($quoteId: ID!, $ids: [ID!]!) {\n    updateQuoteBlockPositions(quoteId: $quoteId, ids: $ids) {\n      id\n      quoteBlocks {\n        id\n        position\n      }\n    }\n  }\n": typeof types.UpdateQuoteBlockPositionsDocument,
    "\n  mutation CreateQuoteBlockFromTemplate($quoteId: ID!, $templateBlockId: ID!) {\n    createQuoteBlockFromTemplate(quoteId: $quoteId, templateBlockId: $templateBlockId) {\n      ...QuoteBlockFields\n    }\n  }\n": typeof types.CreateQuoteBlockFromTemplateDocument,
    "\n  mutation SaveQuoteBlockAsTemplate($id: ID!) {\n    saveQuoteBlockAsTemplate(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.SaveQuoteBlockAsTemplateDocument,
    "\n  mutation UploadRichTextImage($file: File!) {\n    uploadRichTextImage(file: $file) {\n      src\n      width\n      height\n    }\n  }\n": typeof types.UploadRichTextImageDocument,
    "\n  query DocuSignSettings {\n    docusign {\n      connectAvailable\n      planAllows\n      connectUrl\n      connection {\n        accountName\n        userEmail\n        connectedAt\n      }\n    }\n  }\n": typeof types.DocuSignSettingsDocument,
    "\n  mutation DisconnectDocuSign {\n    disconnectDocuSign\n  }\n": typeof types.DisconnectDocuSignDocument,
    "\n  query MollieSettings {\n    mollie {\n      connectAvailable\n      connectUrl\n      connection {\n        method\n        mode\n        displayName\n        connectedAt\n      }\n    }\n  }\n": typeof types.MollieSettingsDocument,
    "\n  mutation ConnectMollieApiKey($apiKey: String!) {\n    connectMollieApiKey(apiKey: $apiKey) {\n      method\n      mode\n      displayName\n    }\n  }\n": typeof types.ConnectMollieApiKeyDocument,
    "\n  mutation DisconnectMollie {\n    disconnectMollie\n  }\n": typeof types.DisconnectMollieDocument,
    "\n  query HarvestConnection {\n    harvestConnection {\n      id\n      harvestAccountId\n      accountName\n      userName\n      create\n      enabled\n      disabledReason\n    }\n  }\n": typeof types.HarvestConnectionDocument,
    "\n  mutation ConnectHarvest($token: String!, $accountId: String!, $create: HarvestCreate!) {\n    connectHarvest(token: $token, accountId: $accountId, create: $create) {\n      id\n      harvestAccountId\n      accountName\n      userName\n      create\n      enabled\n      disabledReason\n    }\n  }\n": typeof types.ConnectHarvestDocument,
    "\n  mutation UpdateHarvest($create: HarvestCreate!) {\n    updateHarvest(create: $create) {\n      id\n      create\n    }\n  }\n": typeof types.UpdateHarvestDocument,
    "\n  fragment IntegrationConnectionFields on IntegrationConnection {\n    id\n    kind\n    label\n    detail\n    url\n    settings\n    eventTypes\n    enabled\n    disabledReason\n    disabledAt\n    deliveriesPaused\n    createdAt\n  }\n": typeof types.IntegrationConnectionFieldsFragmentDoc,
    "\n  query Integrations($kind: IntegrationKind) {\n    integrations(kind: $kind) {\n      ...IntegrationConnectionFields\n    }\n  }\n": typeof types.IntegrationsDocument,
    "\n  query IntegrationDeliveries($kind: IntegrationKind) {\n    integrations(kind: $kind) {\n      id\n      recentDeliveries {\n        id\n        eventType\n        attempt\n        status\n        statusCode\n        responseBody\n        error\n        createdAt\n      }\n    }\n  }\n": typeof types.IntegrationDeliveriesDocument,
    "\n  mutation DisconnectIntegration($id: ID!) {\n    disconnectIntegration(id: $id)\n  }\n": typeof types.DisconnectIntegrationDocument,
    "\n  mutation SetIntegrationEnabled($id: ID!, $enabled: Boolean!) {\n    setIntegrationEnabled(id: $id, enabled: $enabled) {\n      ...IntegrationConnectionFields\n    }\n  }\n": typeof types.SetIntegrationEnabledDocument,
    "\n  mutation UpdateIntegrationEvents($id: ID!, $eventTypes: [String!]!) {\n    updateIntegrationEvents(id: $id, eventTypes: $eventTypes) {\n      ...IntegrationConnectionFields\n    }\n  }\n": typeof types.UpdateIntegrationEventsDocument,
    "\n  query SlackIntegration {\n    slackIntegration {\n      addToSlack\n    }\n  }\n": typeof types.SlackIntegrationDocument,
    "\n  mutation StartSlackOAuth {\n    startSlackOAuth\n  }\n": typeof types.StartSlackOAuthDocument,
    "\n  mutation ConnectSlackWebhook($input: SlackWebhookInput!) {\n    connectSlackWebhook(input: $input) {\n      ...IntegrationConnectionFields\n    }\n  }\n": typeof types.ConnectSlackWebhookDocument,
    "\n  fragment TotalsFields on Totals {\n    oneOff {\n      subtotal\n      discount\n      totalExclVat\n      vat {\n        rate\n        base\n        vat\n      }\n      vatTotal\n      totalInclVat\n    }\n    recurring {\n      interval\n      subtotal\n      discount\n      totalExclVat\n      vat {\n        rate\n        base\n        vat\n      }\n      vatTotal\n      totalInclVat\n    }\n  }\n": typeof types.TotalsFieldsFragmentDoc,
    "\n  fragment QuoteFields on Quote {\n    id\n    quoteNumber\n    name\n    slug\n    nanoId\n    url\n    language\n    currency\n    status\n    displayStatus\n    lifecycle {\n      state\n      actions\n    }\n    signable\n    paymentTerms {\n      mode\n      percent\n      amount\n      payToAccept\n      startRecurring\n    }\n    paymentDue {\n      amount\n      oneOffTotal\n      capped\n      recurring {\n        interval\n        amount\n      }\n    }\n    quoteDateAt\n    quoteExpirationAt\n    publishedAt\n    total\n    customer {\n      id\n      name\n    }\n    customerDetails {\n      name\n      companyName\n      contactPerson\n      email\n      phone\n      content\n    }\n  }\n": typeof types.QuoteFieldsFragmentDoc,
    "\n  fragment QuoteBlocks on Quote {\n    totals {\n      ...TotalsFields\n    }\n    quoteBlocks {\n      __typename\n      id\n      name\n      content\n      position\n      ... on PricingQuoteBlock {\n        pricingUnit\n        discountType\n        discountValue\n        # Inline, not ...TotalsFields: a fragment spread here would pass the query depth limit (10).\n        totals {\n          oneOff {\n            subtotal\n            discount\n            totalExclVat\n            vat {\n              rate\n              base\n              vat\n            }\n            vatTotal\n            totalInclVat\n          }\n          recurring {\n            interval\n            subtotal\n            discount\n            totalExclVat\n            vat {\n              rate\n              base\n              vat\n            }\n            vatTotal\n            totalInclVat\n          }\n        }\n        quoteLineItems {\n          id\n          name\n          description\n          price\n          amount\n          vatRate\n          discountType\n          discountValue\n          optional\n          selected\n          recurring\n          total\n        }\n      }\n    }\n  }\n": typeof types.QuoteBlocksFragmentDoc,
    "\n  query Quotes($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $state: QuoteState) {\n    quotes(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, state: $state) {\n      totalCount\n      page\n      pageSize\n      startCursor\n      endCursor\n      hasPreviousPage\n      hasNextPage\n      items {\n        id\n        quoteNumber\n        name\n        status\n        displayStatus\n        lifecycle {\n          state\n          actions\n        }\n        total\n        currency\n        quoteDateAt\n        quoteExpirationAt\n        customer {\n          id\n          name\n        }\n        customerDetails {\n          name\n        }\n      }\n    }\n  }\n": typeof types.QuotesDocument,
    "\n  query Quote($id: ID!) {\n    quote(id: $id) {\n      ...QuoteFields\n      ...QuoteBlocks\n      # The customer's choice of optional lines, shown in the read-only preview (issue 13).\n      quoteSignatures {\n        id\n        kind\n        selection\n      }\n    }\n  }\n": typeof types.QuoteDocument,
    "\n  query QuoteFormData {\n    account {\n      id\n      language\n      currency\n    }\n    customers(pageSize: 100, sort: NAME_ASC) {\n      totalCount\n      items {\n        id\n        name\n        companyName\n      }\n    }\n  }\n": typeof types.QuoteFormDataDocument,
    "\n  mutation CreateQuote($input: QuoteInput!, $startFrom: QuoteStartInput) {\n    createQuote(input: $input, startFrom: $startFrom) {\n      ...QuoteFields\n    }\n  }\n": typeof types.CreateQuoteDocument,
    "\n  mutation UpdateQuote($id: ID!, $input: QuoteInput!) {\n    updateQuote(id: $id, input: $input) {\n      ...QuoteFields\n    }\n  }\n": typeof types.UpdateQuoteDocument,
    "\n  mutation PublishQuote($id: ID!) {\n    publishQuote(id: $id) {\n      ...QuoteFields\n    }\n  }\n": typeof types.PublishQuoteDocument,
    "\n  mutation WithdrawQuote($id: ID!) {\n    withdrawQuote(id: $id) {\n      ...QuoteFields\n    }\n  }\n": typeof types.WithdrawQuoteDocument,
    "\n  mutation DuplicateQuote($id: ID!) {\n    duplicateQuote(id: $id) {\n      id\n      quoteNumber\n      name\n      status\n      displayStatus\n    }\n  }\n": typeof types.DuplicateQuoteDocument,
    "\n  mutation DeleteQuote($id: ID!) {\n    deleteQuote(id: $id)\n  }\n": typeof types.DeleteQuoteDocument,
    "\n  fragment AccountSettingsFields on Account {\n    id\n    name\n    country\n    currency\n    language\n    vatNumber\n    billingFirstName\n    billingLastName\n    billingStreetAndNumber\n    billingStreetAdditional\n    billingPostalCode\n    billingCity\n    billingCountry\n    quoteStreetAndNumber\n    quotePostalCode\n    quoteCity\n    timeZone\n    notifyFirstView\n    linkColor\n    textColor\n    textFont\n    fileUrl(version: 1)\n    viewerRole\n  }\n": typeof types.AccountSettingsFieldsFragmentDoc,
    "\n  query AccountSettings {\n    account {\n      ...AccountSettingsFields\n    }\n  }\n": typeof types.AccountSettingsDocument,
    "\n  mutation UpdateAccount($input: UpdateAccountInput!) {\n    updateAccount(input: $input) {\n      ...AccountSettingsFields\n    }\n  }\n": typeof types.UpdateAccountDocument,
    "\n  mutation UpdateAccountStyling($input: UpdateAccountStylingInput!) {\n    updateAccountStyling(input: $input) {\n      ...AccountSettingsFields\n    }\n  }\n": typeof types.UpdateAccountStylingDocument,
    "\n  mutation UpdateAccountLogo($file: File!) {\n    updateAccountLogo(file: $file) {\n      ...AccountSettingsFields\n    }\n  }\n": typeof types.UpdateAccountLogoDocument,
    "\n  mutation RemoveAccountLogo {\n    removeAccountLogo {\n      ...AccountSettingsFields\n    }\n  }\n": typeof types.RemoveAccountLogoDocument,
    "\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateAccountDocument,
    "\n  fragment QuoteSignatureFields on QuoteSignature {\n    id\n    kind\n    name\n    signatureKind\n    signature\n    signedAt\n    documentHash\n    versionNumber\n  }\n": typeof types.QuoteSignatureFieldsFragmentDoc,
    "\n  query QuoteSigning($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      url\n      lifecycle {\n        state\n        actions\n      }\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n      quoteVersions {\n        id\n        number\n      }\n      payment {\n        status\n        amount\n        currency\n        payToAccept\n        paidAt\n        invoiceNumber\n      }\n      docusignEnvelope {\n        status\n      }\n    }\n    templateSignatures(pageSize: 50) {\n      items {\n        id\n        name\n        kind\n        isDefault\n      }\n    }\n    me {\n      id\n      name\n    }\n  }\n": typeof types.QuoteSigningDocument,
    "\n  mutation CreateAccountSignature($quoteId: ID!, $input: CreateQuoteSignatureInput!) {\n    createQuoteSignature(quoteId: $quoteId, input: $input) {\n      nanoId\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n    }\n  }\n": typeof types.CreateAccountSignatureDocument,
    "\n  mutation UpdateQuoteToSigned($id: ID!) {\n    updateQuoteToSigned(id: $id) {\n      id\n      status\n      displayStatus\n      lifecycle {\n        state\n        actions\n      }\n      signedAt\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n    }\n  }\n": typeof types.UpdateQuoteToSignedDocument,
    "\n  query QuoteDocuSign($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      customerDetails {\n        name\n        contactPerson\n        email\n      }\n      paymentTerms {\n        mode\n        payToAccept\n      }\n      docusignEnvelope {\n        envelopeId\n        status\n        reason\n        signerName\n        signerEmail\n        signedDocumentUrl\n        certificateUrl\n      }\n    }\n    docusignReadiness {\n      planAllows\n      connected\n    }\n  }\n": typeof types.QuoteDocuSignDocument,
    "\n  mutation SendQuoteWithDocuSign($id: ID!) {\n    sendQuoteWithDocuSign(id: $id) {\n      envelopeId\n      status\n      signerName\n      signerEmail\n    }\n  }\n": typeof types.SendQuoteWithDocuSignDocument,
    "\n  query QuoteSubscriptions($id: ID!) {\n    quote(id: $id) {\n      id\n      currency\n      subscriptions {\n        id\n        interval\n        amount\n        currency\n        status\n        startDate\n        nextPaymentDate\n        paymentsCount\n      }\n    }\n    me {\n      id\n    }\n    teamMembers {\n      id\n      role\n      status\n    }\n  }\n": typeof types.QuoteSubscriptionsDocument,
    "\n  mutation CancelQuoteSubscription($id: ID!) {\n    cancelQuoteSubscription(id: $id) {\n      id\n      status\n      nextPaymentDate\n    }\n  }\n": typeof types.CancelQuoteSubscriptionDocument,
    "\n  query StatisticsOverview($from: String!, $to: String!) {\n    quoteStatisticsOverview(from: $from, to: $to) {\n      from\n      to\n      timeZone\n      averageTime\n      totalQuoteViews\n      totalQuotesPublished\n      totalQuotesSigned\n      totalQuotesPaid\n      paymentsReceived {\n        currency\n        count\n        amount\n      }\n      entries {\n        date\n        averageTime\n        quoteViews\n        quotesPublished\n        quotesSigned\n      }\n    }\n  }\n": typeof types.StatisticsOverviewDocument,
    "\n  query DashboardAccount {\n    me {\n      id\n      name\n      email\n    }\n    account {\n      id\n      name\n      timeZone\n      hasQuoteViews\n    }\n  }\n": typeof types.DashboardAccountDocument,
    "\n  query LatestQuotes {\n    quotes(page: 1, pageSize: 5) {\n      totalCount\n      items {\n        id\n        quoteNumber\n        name\n        displayStatus\n        lifecycle {\n          state\n        }\n        customerDetails {\n          name\n        }\n      }\n    }\n  }\n": typeof types.LatestQuotesDocument,
    "\n  query QuoteListStatistics($quoteIds: [ID!]!) {\n    quoteListStatistics(quoteIds: $quoteIds) {\n      quote {\n        id\n      }\n      views\n      totalTime\n    }\n  }\n": typeof types.QuoteListStatisticsDocument,
    "\n  query QuoteStatistics($quoteId: ID!) {\n    quoteStatistics(quoteId: $quoteId) {\n      quoteId\n      views\n      totalTime\n      averageTime\n      timeEntries {\n        insertedAt\n        totalTime\n      }\n      blocks {\n        blockId\n        name\n        totalTime\n      }\n    }\n  }\n": typeof types.QuoteStatisticsDocument,
    "\n  query QuoteSubscriptionsOverview {\n    quoteSubscriptionsOverview {\n      activeCount\n      nextCharge {\n        date\n        amount\n        currency\n        quoteId\n        quoteNumber\n      }\n      perInterval {\n        interval\n        currency\n        count\n        amount\n      }\n    }\n  }\n": typeof types.QuoteSubscriptionsOverviewDocument,
    "\n  fragment TeamMemberFields on TeamMember {\n    id\n    email\n    name\n    role\n    status\n    expiresAt\n  }\n": typeof types.TeamMemberFieldsFragmentDoc,
    "\n  query Team {\n    me {\n      id\n    }\n    account {\n      id\n      name\n    }\n    teamMembers {\n      ...TeamMemberFields\n    }\n  }\n": typeof types.TeamDocument,
    "\n  mutation InviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      ...TeamMemberFields\n    }\n  }\n": typeof types.InviteUserDocument,
    "\n  mutation UpdateMemberRole($userId: ID!, $role: AccountRole!) {\n    updateMemberRole(userId: $userId, role: $role) {\n      ...TeamMemberFields\n    }\n  }\n": typeof types.UpdateMemberRoleDocument,
    "\n  mutation RemoveMember($userId: ID!) {\n    removeMember(userId: $userId)\n  }\n": typeof types.RemoveMemberDocument,
    "\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id)\n  }\n": typeof types.RevokeInvitationDocument,
    "\n  mutation TransferOwnership($userId: ID!) {\n    transferOwnership(userId: $userId)\n  }\n": typeof types.TransferOwnershipDocument,
    "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n    }\n  }\n": typeof types.AcceptInvitationDocument,
    "\n  mutation DeclineInvitation($token: String!) {\n    declineInvitation(token: $token)\n  }\n": typeof types.DeclineInvitationDocument,
    "\n  query YourData {\n    me {\n      id\n    }\n    account {\n      id\n      name\n    }\n    teamMembers {\n      id\n      role\n      status\n    }\n  }\n": typeof types.YourDataDocument,
    "\n  mutation DeleteAccount($confirmName: String!) {\n    deleteAccount(confirmName: $confirmName)\n  }\n": typeof types.DeleteAccountDocument,
    "\n  mutation DeleteMe {\n    deleteMe\n  }\n": typeof types.DeleteMeDocument,
    "\n  fragment TemplateLineItemFields on TemplateLineItem {\n    id\n    name\n    description\n    price\n    amount\n    vatRate\n    discountType\n    discountValue\n    optional\n    selected\n    recurring\n    total\n  }\n": typeof types.TemplateLineItemFieldsFragmentDoc,
    "\n  fragment TemplateBlockFields on TemplateBlock {\n    __typename\n    id\n    name\n    content\n    createdAt\n    updatedAt\n    ... on PricingTemplateBlock {\n      pricingUnit\n      discountType\n      discountValue\n      templateLineItems {\n        ...TemplateLineItemFields\n      }\n      totals {\n        ...TotalsFields\n      }\n    }\n  }\n": typeof types.TemplateBlockFieldsFragmentDoc,
    "\n  query TemplateBlocks($page: Int, $pageSize: Int, $kind: BlockKind, $search: String) {\n    templateBlocks(page: $page, pageSize: $pageSize, kind: $kind, search: $search) {\n      totalCount\n      page\n      pageSize\n      items {\n        __typename\n        id\n        name\n        updatedAt\n        ... on PricingTemplateBlock {\n          pricingUnit\n          templateLineItems {\n            id\n          }\n          totals {\n            ...TotalsFields\n          }\n        }\n      }\n    }\n  }\n": typeof types.TemplateBlocksDocument,
    "\n  query TemplateBlock($id: ID!) {\n    templateBlock(id: $id) {\n      ...TemplateBlockFields\n    }\n  }\n": typeof types.TemplateBlockDocument,
    "\n  query TemplateEditorAccount {\n    account {\n      id\n      country\n      language\n      currency\n    }\n  }\n": typeof types.TemplateEditorAccountDocument,
    "\n  mutation CreateTextTemplateBlock($input: TextBlockInput!) {\n    createTextTemplateBlock(input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n": typeof types.CreateTextTemplateBlockDocument,
    "\n  mutation UpdateTextTemplateBlock($id: ID!, $input: TextBlockInput!) {\n    updateTextTemplateBlock(id: $id, input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n": typeof types.UpdateTextTemplateBlockDocument,
    "\n  mutation CreatePricingTemplateBlock($input: PricingBlockInput!) {\n    createPricingTemplateBlock(input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n": typeof types.CreatePricingTemplateBlockDocument,
    "\n  mutation UpdatePricingTemplateBlock($id: ID!, $input: PricingBlockInput!) {\n    updatePricingTemplateBlock(id: $id, input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n": typeof types.UpdatePricingTemplateBlockDocument,
    "\n  mutation DeleteTemplateBlock($id: ID!) {\n    deleteTemplateBlock(id: $id)\n  }\n": typeof types.DeleteTemplateBlockDocument,
    "\n  mutation DuplicateTemplateBlock($id: ID!) {\n    duplicateTemplateBlock(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.DuplicateTemplateBlockDocument,
    "\n  fragment TemplateSignatureFields on TemplateSignature {\n    id\n    name\n    kind\n    signature\n    isDefault\n  }\n": typeof types.TemplateSignatureFieldsFragmentDoc,
    "\n  query TemplateSignatures($page: Int, $pageSize: Int) {\n    templateSignatures(page: $page, pageSize: $pageSize) {\n      totalCount\n      page\n      pageSize\n      items {\n        ...TemplateSignatureFields\n      }\n    }\n  }\n": typeof types.TemplateSignaturesDocument,
    "\n  mutation CreateTemplateSignature($input: TemplateSignatureInput!) {\n    createTemplateSignature(input: $input) {\n      ...TemplateSignatureFields\n    }\n  }\n": typeof types.CreateTemplateSignatureDocument,
    "\n  mutation UpdateTemplateSignature($id: ID!, $input: TemplateSignatureInput!) {\n    updateTemplateSignature(id: $id, input: $input) {\n      ...TemplateSignatureFields\n    }\n  }\n": typeof types.UpdateTemplateSignatureDocument,
    "\n  mutation DeleteTemplateSignature($id: ID!) {\n    deleteTemplateSignature(id: $id)\n  }\n": typeof types.DeleteTemplateSignatureDocument,
    "\n  query QuoteVersions($id: ID!) {\n    quote(id: $id) {\n      id\n      quoteVersions {\n        id\n        number\n        publishedAt\n        publishedByName\n        publishedByEmail\n        quoteSignatures {\n          id\n          kind\n          name\n        }\n      }\n    }\n  }\n": typeof types.QuoteVersionsDocument,
    "\n  query QuoteVersion($quoteId: ID!, $number: Int!) {\n    quoteVersion(quoteId: $quoteId, number: $number) {\n      id\n      number\n      publishedAt\n      publishedByName\n      documentHash\n      document\n      changes\n      quoteSignatures {\n        id\n        kind\n        name\n        signatureKind\n        signature\n        signedAt\n        documentHash\n        versionNumber\n      }\n    }\n  }\n": typeof types.QuoteVersionDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.SignUpDocument,
};
const documents: Documents = {
    "\n  query AccountPlan {\n    me {\n      id\n      email\n    }\n    account {\n      id\n      name\n      subscriptionPlan\n      subscriptionInterval\n      expiredAt\n      billingFirstName\n      billingLastName\n      billingStreetAndNumber\n      billingStreetAdditional\n      billingPostalCode\n      billingCity\n      billingCountry\n      country\n      identityAccountsUsers {\n        role\n        identityUser {\n          email\n        }\n      }\n    }\n  }\n": types.AccountPlanDocument,
    "\n  query Billing {\n    billing {\n      subscription {\n        plan\n        effectivePlan\n        interval\n        expiredAt\n        trial\n        expired\n        expiresToday\n        daysLeft\n        trialDaysLeft\n        renews\n        canceledAt\n        vatNumber\n        canChangePlan\n        scheduledChange {\n          plan\n          interval\n          effectiveAt\n        }\n      }\n      payments {\n        id\n        plan\n        interval\n        sequenceType\n        purpose\n        status\n        netCents\n        vatCents\n        totalCents\n        createdAt\n        paidAt\n      }\n      invoices {\n        id\n        number\n        paymentId\n        issuedAt\n        totalCents\n        url\n      }\n    }\n  }\n": types.BillingDocument,
    "\n  mutation CreateFirstSubscriptionPayment($input: CreateFirstSubscriptionPaymentInput!) {\n    createFirstSubscriptionPayment(input: $input) {\n      status\n      checkoutUrl\n    }\n  }\n": types.CreateFirstSubscriptionPaymentDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      status\n    }\n  }\n": types.CancelSubscriptionDocument,
    "\n  query PlanChangePreview($plan: Plan!, $interval: SubscriptionInterval!) {\n    billing {\n      changePreview(plan: $plan, interval: $interval) {\n        kind\n        plan\n        interval\n        effectiveAt\n        dueNowCents\n        renewalCents\n        pendingSignatures\n        losesSigning\n      }\n    }\n  }\n": types.PlanChangePreviewDocument,
    "\n  mutation ChangeSubscription($input: ChangeSubscriptionInput!) {\n    changeSubscription(input: $input) {\n      kind\n      status\n      effectiveAt\n      checkoutUrl\n    }\n  }\n": types.ChangeSubscriptionDocument,
    "\n  fragment QuoteConversation on Quote {\n    id\n    decline {\n      declinedAt\n      reason\n    }\n    reminder {\n      enabled\n      daysBefore\n      sentAt\n      scheduledFor\n    }\n    conversation {\n      id\n      kind\n      text\n      email\n      answer\n      answerEmail\n      answeredAt\n      active\n      createdAt\n    }\n  }\n": types.QuoteConversationFragmentDoc,
    "\n  query QuoteConversation($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      displayStatus\n      lifecycle {\n        state\n        actions\n      }\n      language\n      customer {\n        id\n        email\n      }\n      ...QuoteConversation\n    }\n    account {\n      id\n      timeZone\n    }\n  }\n": types.QuoteConversationDocument,
    "\n  mutation SendQuoteToCustomer($id: ID!, $input: SendQuoteToCustomerInput!) {\n    sendQuoteToCustomer(id: $id, input: $input) {\n      id\n      kind\n      email\n      text\n      createdAt\n    }\n  }\n": types.SendQuoteToCustomerDocument,
    "\n  mutation AnswerQuoteQuestion($id: ID!, $answer: String!) {\n    answerQuoteQuestion(id: $id, answer: $answer) {\n      id\n      answer\n      answerEmail\n      answeredAt\n    }\n  }\n": types.AnswerQuoteQuestionDocument,
    "\n  mutation UpdateQuoteReminder($id: ID!, $input: QuoteReminderInput!) {\n    updateQuoteReminder(id: $id, input: $input) {\n      id\n      reminder {\n        enabled\n        daysBefore\n        sentAt\n        scheduledFor\n      }\n    }\n  }\n": types.UpdateQuoteReminderDocument,
    "\n  query AccountNotifications {\n    account {\n      id\n      notifyQuoteResponses\n    }\n  }\n": types.AccountNotificationsDocument,
    "\n  mutation UpdateAccountNotifications($notifyQuoteResponses: Boolean!) {\n    updateAccountNotifications(notifyQuoteResponses: $notifyQuoteResponses) {\n      id\n      notifyQuoteResponses\n    }\n  }\n": types.UpdateAccountNotificationsDocument,
    "\n  fragment CustomerFields on Customer {\n    id\n    name\n    companyName\n    contactPerson\n    email\n    phone\n    content\n    totalQuotes\n    totalSignedQuotes\n  }\n": types.CustomerFieldsFragmentDoc,
    "\n  query Customers($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $sort: CustomerSort) {\n    customers(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, sort: $sort) {\n      totalCount\n      page\n      pageSize\n      startCursor\n      endCursor\n      hasPreviousPage\n      hasNextPage\n      items {\n        id\n        name\n        companyName\n        totalQuotes\n        totalSignedQuotes\n      }\n    }\n  }\n": types.CustomersDocument,
    "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      ...CustomerFields\n    }\n  }\n": types.CustomerDocument,
    "\n  mutation CreateCustomer($input: CustomerInput!) {\n    createCustomer(input: $input) {\n      ...CustomerFields\n    }\n  }\n": types.CreateCustomerDocument,
    "\n  mutation UpdateCustomer($id: ID!, $input: CustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      ...CustomerFields\n    }\n  }\n": types.UpdateCustomerDocument,
    "\n  mutation DeleteCustomer($id: ID!) {\n    deleteCustomer(id: $id)\n  }\n": types.DeleteCustomerDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    eventTypes\n    enabled\n    disabledReason\n    createdAt\n    previousSecretExpiresAt\n    deliveriesPaused\n  }\n": types.WebhookEndpointFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    webhookId\n    eventType\n    attempt\n    status\n    statusCode\n    latencyMs\n    responseBody\n    error\n    createdAt\n    cursor\n  }\n": types.WebhookDeliveryFieldsFragmentDoc,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    role\n    prefix\n    createdAt\n    createdByName\n    lastUsedAt\n    expiresAt\n    revokedAt\n  }\n": types.ApiKeyFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": types.WebhookEndpointsDocument,
    "\n  query WebhookEndpointSecrets {\n    webhookEndpoints {\n      id\n      secret\n    }\n  }\n": types.WebhookEndpointSecretsDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      ...WebhookDeliveryFields\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.UpdateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.RotateWebhookEndpointSecretDocument,
    "\n  mutation SendTestWebhookEvent($id: ID!) {\n    sendTestWebhookEvent(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n": types.SendTestWebhookEventDocument,
    "\n  mutation ResendWebhookDelivery($id: ID!) {\n    resendWebhookDelivery(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n": types.ResendWebhookDeliveryDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  fragment CustomDomainFields on CustomDomain {\n    id\n    domain\n    status\n    serving\n    planAllows\n    lastCheckedAt\n    records {\n      type\n      name\n      value\n      state\n    }\n  }\n": types.CustomDomainFieldsFragmentDoc,
    "\n  query CustomDomain {\n    customDomain {\n      ...CustomDomainFields\n    }\n    customDomainAvailable\n  }\n": types.CustomDomainDocument,
    "\n  mutation AddCustomDomain($input: AddCustomDomainInput!) {\n    addCustomDomain(input: $input) {\n      ...CustomDomainFields\n    }\n  }\n": types.AddCustomDomainDocument,
    "\n  mutation CheckCustomDomain {\n    checkCustomDomain {\n      ...CustomDomainFields\n    }\n  }\n": types.CheckCustomDomainDocument,
    "\n  mutation RemoveCustomDomain {\n    removeCustomDomain\n  }\n": types.RemoveCustomDomainDocument,
    "\n  fragment QuoteLineItemFields on QuoteLineItem {\n    id\n    name\n    description\n    price\n    amount\n    vatRate\n    discountType\n    discountValue\n    optional\n    selected\n    recurring\n    total\n  }\n": types.QuoteLineItemFieldsFragmentDoc,
    "\n  fragment QuoteBlockFields on QuoteBlock {\n    __typename\n    id\n    name\n    content\n    position\n    ... on PricingQuoteBlock {\n      pricingUnit\n      discountType\n      discountValue\n      quoteLineItems {\n        ...QuoteLineItemFields\n      }\n      totals {\n        ...TotalsFields\n      }\n    }\n  }\n": types.QuoteBlockFieldsFragmentDoc,
    "\n  query QuoteEditor($id: ID!) {\n    quote(id: $id) {\n      id\n      quoteNumber\n      name\n      language\n      currency\n      status\n      totals {\n        ...TotalsFields\n      }\n      quoteBlocks {\n        __typename\n        id\n        name\n        content\n        position\n        ... on PricingQuoteBlock {\n          pricingUnit\n          discountType\n          discountValue\n          quoteLineItems {\n            ...QuoteLineItemFields\n          }\n          totals {\n            ...TotalsFields\n          }\n        }\n      }\n    }\n    account {\n      id\n      country\n      language\n      currency\n    }\n  }\n": types.QuoteEditorDocument,
    "\n  query QuoteBlock($id: ID!) {\n    quoteBlock(id: $id) {\n      ...QuoteBlockFields\n    }\n  }\n": types.QuoteBlockDocument,
    "\n  mutation CreateTextQuoteBlock($quoteId: ID!, $input: TextBlockInput!) {\n    createTextQuoteBlock(quoteId: $quoteId, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n": types.CreateTextQuoteBlockDocument,
    "\n  mutation UpdateTextQuoteBlock($id: ID!, $input: TextBlockInput!) {\n    updateTextQuoteBlock(id: $id, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n": types.UpdateTextQuoteBlockDocument,
    "\n  mutation CreatePricingQuoteBlock($quoteId: ID!, $input: PricingBlockInput!) {\n    createPricingQuoteBlock(quoteId: $quoteId, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n": types.CreatePricingQuoteBlockDocument,
    "\n  mutation UpdatePricingQuoteBlock($id: ID!, $input: PricingBlockInput!) {\n    updatePricingQuoteBlock(id: $id, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n": types.UpdatePricingQuoteBlockDocument,
    "\n  mutation DeleteQuoteBlock($id: ID!) {\n    deleteQuoteBlock(id: $id)\n  }\n": types.DeleteQuoteBlockDocument,
    "\n  mutation DuplicateQuoteBlock($id: ID!) {\n    duplicateQuoteBlock(id: $id) {\n      ...QuoteBlockFields\n    }\n  }\n": types.DuplicateQuoteBlockDocument,
    "\n  mutation UpdateQuoteBlockPositions($quoteId: ID!, $ids: [ID!]!) {\n    updateQuoteBlockPositions(quoteId: $quoteId, ids: $ids) {\n      id\n      quoteBlocks {\n        id\n        position\n      }\n    }\n  }\n": types.UpdateQuoteBlockPositionsDocument,
    "\n  mutation CreateQuoteBlockFromTemplate($quoteId: ID!, $templateBlockId: ID!) {\n    createQuoteBlockFromTemplate(quoteId: $quoteId, templateBlockId: $templateBlockId) {\n      ...QuoteBlockFields\n    }\n  }\n": types.CreateQuoteBlockFromTemplateDocument,
    "\n  mutation SaveQuoteBlockAsTemplate($id: ID!) {\n    saveQuoteBlockAsTemplate(id: $id) {\n      id\n      name\n    }\n  }\n": types.SaveQuoteBlockAsTemplateDocument,
    "\n  mutation UploadRichTextImage($file: File!) {\n    uploadRichTextImage(file: $file) {\n      src\n      width\n      height\n    }\n  }\n": types.UploadRichTextImageDocument,
    "\n  query DocuSignSettings {\n    docusign {\n      connectAvailable\n      planAllows\n      connectUrl\n      connection {\n        accountName\n        userEmail\n        connectedAt\n      }\n    }\n  }\n": types.DocuSignSettingsDocument,
    "\n  mutation DisconnectDocuSign {\n    disconnectDocuSign\n  }\n": types.DisconnectDocuSignDocument,
    "\n  query MollieSettings {\n    mollie {\n      connectAvailable\n      connectUrl\n      connection {\n        method\n        mode\n        displayName\n        connectedAt\n      }\n    }\n  }\n": types.MollieSettingsDocument,
    "\n  mutation ConnectMollieApiKey($apiKey: String!) {\n    connectMollieApiKey(apiKey: $apiKey) {\n      method\n      mode\n      displayName\n    }\n  }\n": types.ConnectMollieApiKeyDocument,
    "\n  mutation DisconnectMollie {\n    disconnectMollie\n  }\n": types.DisconnectMollieDocument,
    "\n  query HarvestConnection {\n    harvestConnection {\n      id\n      harvestAccountId\n      accountName\n      userName\n      create\n      enabled\n      disabledReason\n    }\n  }\n": types.HarvestConnectionDocument,
    "\n  mutation ConnectHarvest($token: String!, $accountId: String!, $create: HarvestCreate!) {\n    connectHarvest(token: $token, accountId: $accountId, create: $create) {\n      id\n      harvestAccountId\n      accountName\n      userName\n      create\n      enabled\n      disabledReason\n    }\n  }\n": types.ConnectHarvestDocument,
    "\n  mutation UpdateHarvest($create: HarvestCreate!) {\n    updateHarvest(create: $create) {\n      id\n      create\n    }\n  }\n": types.UpdateHarvestDocument,
    "\n  fragment IntegrationConnectionFields on IntegrationConnection {\n    id\n    kind\n    label\n    detail\n    url\n    settings\n    eventTypes\n    enabled\n    disabledReason\n    disabledAt\n    deliveriesPaused\n    createdAt\n  }\n": types.IntegrationConnectionFieldsFragmentDoc,
    "\n  query Integrations($kind: IntegrationKind) {\n    integrations(kind: $kind) {\n      ...IntegrationConnectionFields\n    }\n  }\n": types.IntegrationsDocument,
    "\n  query IntegrationDeliveries($kind: IntegrationKind) {\n    integrations(kind: $kind) {\n      id\n      recentDeliveries {\n        id\n        eventType\n        attempt\n        status\n        statusCode\n        responseBody\n        error\n        createdAt\n      }\n    }\n  }\n": types.IntegrationDeliveriesDocument,
    "\n  mutation DisconnectIntegration($id: ID!) {\n    disconnectIntegration(id: $id)\n  }\n": types.DisconnectIntegrationDocument,
    "\n  mutation SetIntegrationEnabled($id: ID!, $enabled: Boolean!) {\n    setIntegrationEnabled(id: $id, enabled: $enabled) {\n      ...IntegrationConnectionFields\n    }\n  }\n": types.SetIntegrationEnabledDocument,
    "\n  mutation UpdateIntegrationEvents($id: ID!, $eventTypes: [String!]!) {\n    updateIntegrationEvents(id: $id, eventTypes: $eventTypes) {\n      ...IntegrationConnectionFields\n    }\n  }\n": types.UpdateIntegrationEventsDocument,
    "\n  query SlackIntegration {\n    slackIntegration {\n      addToSlack\n    }\n  }\n": types.SlackIntegrationDocument,
    "\n  mutation StartSlackOAuth {\n    startSlackOAuth\n  }\n": types.StartSlackOAuthDocument,
    "\n  mutation ConnectSlackWebhook($input: SlackWebhookInput!) {\n    connectSlackWebhook(input: $input) {\n      ...IntegrationConnectionFields\n    }\n  }\n": types.ConnectSlackWebhookDocument,
    "\n  fragment TotalsFields on Totals {\n    oneOff {\n      subtotal\n      discount\n      totalExclVat\n      vat {\n        rate\n        base\n        vat\n      }\n      vatTotal\n      totalInclVat\n    }\n    recurring {\n      interval\n      subtotal\n      discount\n      totalExclVat\n      vat {\n        rate\n        base\n        vat\n      }\n      vatTotal\n      totalInclVat\n    }\n  }\n": types.TotalsFieldsFragmentDoc,
    "\n  fragment QuoteFields on Quote {\n    id\n    quoteNumber\n    name\n    slug\n    nanoId\n    url\n    language\n    currency\n    status\n    displayStatus\n    lifecycle {\n      state\n      actions\n    }\n    signable\n    paymentTerms {\n      mode\n      percent\n      amount\n      payToAccept\n      startRecurring\n    }\n    paymentDue {\n      amount\n      oneOffTotal\n      capped\n      recurring {\n        interval\n        amount\n      }\n    }\n    quoteDateAt\n    quoteExpirationAt\n    publishedAt\n    total\n    customer {\n      id\n      name\n    }\n    customerDetails {\n      name\n      companyName\n      contactPerson\n      email\n      phone\n      content\n    }\n  }\n": types.QuoteFieldsFragmentDoc,
    "\n  fragment QuoteBlocks on Quote {\n    totals {\n      ...TotalsFields\n    }\n    quoteBlocks {\n      __typename\n      id\n      name\n      content\n      position\n      ... on PricingQuoteBlock {\n        pricingUnit\n        discountType\n        discountValue\n        # Inline, not ...TotalsFields: a fragment spread here would pass the query depth limit (10).\n        totals {\n          oneOff {\n            subtotal\n            discount\n            totalExclVat\n            vat {\n              rate\n              base\n              vat\n            }\n            vatTotal\n            totalInclVat\n          }\n          recurring {\n            interval\n            subtotal\n            discount\n            totalExclVat\n            vat {\n              rate\n              base\n              vat\n            }\n            vatTotal\n            totalInclVat\n          }\n        }\n        quoteLineItems {\n          id\n          name\n          description\n          price\n          amount\n          vatRate\n          discountType\n          discountValue\n          optional\n          selected\n          recurring\n          total\n        }\n      }\n    }\n  }\n": types.QuoteBlocksFragmentDoc,
    "\n  query Quotes($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $state: QuoteState) {\n    quotes(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, state: $state) {\n      totalCount\n      page\n      pageSize\n      startCursor\n      endCursor\n      hasPreviousPage\n      hasNextPage\n      items {\n        id\n        quoteNumber\n        name\n        status\n        displayStatus\n        lifecycle {\n          state\n          actions\n        }\n        total\n        currency\n        quoteDateAt\n        quoteExpirationAt\n        customer {\n          id\n          name\n        }\n        customerDetails {\n          name\n        }\n      }\n    }\n  }\n": types.QuotesDocument,
    "\n  query Quote($id: ID!) {\n    quote(id: $id) {\n      ...QuoteFields\n      ...QuoteBlocks\n      # The customer's choice of optional lines, shown in the read-only preview (issue 13).\n      quoteSignatures {\n        id\n        kind\n        selection\n      }\n    }\n  }\n": types.QuoteDocument,
    "\n  query QuoteFormData {\n    account {\n      id\n      language\n      currency\n    }\n    customers(pageSize: 100, sort: NAME_ASC) {\n      totalCount\n      items {\n        id\n        name\n        companyName\n      }\n    }\n  }\n": types.QuoteFormDataDocument,
    "\n  mutation CreateQuote($input: QuoteInput!, $startFrom: QuoteStartInput) {\n    createQuote(input: $input, startFrom: $startFrom) {\n      ...QuoteFields\n    }\n  }\n": types.CreateQuoteDocument,
    "\n  mutation UpdateQuote($id: ID!, $input: QuoteInput!) {\n    updateQuote(id: $id, input: $input) {\n      ...QuoteFields\n    }\n  }\n": types.UpdateQuoteDocument,
    "\n  mutation PublishQuote($id: ID!) {\n    publishQuote(id: $id) {\n      ...QuoteFields\n    }\n  }\n": types.PublishQuoteDocument,
    "\n  mutation WithdrawQuote($id: ID!) {\n    withdrawQuote(id: $id) {\n      ...QuoteFields\n    }\n  }\n": types.WithdrawQuoteDocument,
    "\n  mutation DuplicateQuote($id: ID!) {\n    duplicateQuote(id: $id) {\n      id\n      quoteNumber\n      name\n      status\n      displayStatus\n    }\n  }\n": types.DuplicateQuoteDocument,
    "\n  mutation DeleteQuote($id: ID!) {\n    deleteQuote(id: $id)\n  }\n": types.DeleteQuoteDocument,
    "\n  fragment AccountSettingsFields on Account {\n    id\n    name\n    country\n    currency\n    language\n    vatNumber\n    billingFirstName\n    billingLastName\n    billingStreetAndNumber\n    billingStreetAdditional\n    billingPostalCode\n    billingCity\n    billingCountry\n    quoteStreetAndNumber\n    quotePostalCode\n    quoteCity\n    timeZone\n    notifyFirstView\n    linkColor\n    textColor\n    textFont\n    fileUrl(version: 1)\n    viewerRole\n  }\n": types.AccountSettingsFieldsFragmentDoc,
    "\n  query AccountSettings {\n    account {\n      ...AccountSettingsFields\n    }\n  }\n": types.AccountSettingsDocument,
    "\n  mutation UpdateAccount($input: UpdateAccountInput!) {\n    updateAccount(input: $input) {\n      ...AccountSettingsFields\n    }\n  }\n": types.UpdateAccountDocument,
    "\n  mutation UpdateAccountStyling($input: UpdateAccountStylingInput!) {\n    updateAccountStyling(input: $input) {\n      ...AccountSettingsFields\n    }\n  }\n": types.UpdateAccountStylingDocument,
    "\n  mutation UpdateAccountLogo($file: File!) {\n    updateAccountLogo(file: $file) {\n      ...AccountSettingsFields\n    }\n  }\n": types.UpdateAccountLogoDocument,
    "\n  mutation RemoveAccountLogo {\n    removeAccountLogo {\n      ...AccountSettingsFields\n    }\n  }\n": types.RemoveAccountLogoDocument,
    "\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateAccountDocument,
    "\n  fragment QuoteSignatureFields on QuoteSignature {\n    id\n    kind\n    name\n    signatureKind\n    signature\n    signedAt\n    documentHash\n    versionNumber\n  }\n": types.QuoteSignatureFieldsFragmentDoc,
    "\n  query QuoteSigning($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      url\n      lifecycle {\n        state\n        actions\n      }\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n      quoteVersions {\n        id\n        number\n      }\n      payment {\n        status\n        amount\n        currency\n        payToAccept\n        paidAt\n        invoiceNumber\n      }\n      docusignEnvelope {\n        status\n      }\n    }\n    templateSignatures(pageSize: 50) {\n      items {\n        id\n        name\n        kind\n        isDefault\n      }\n    }\n    me {\n      id\n      name\n    }\n  }\n": types.QuoteSigningDocument,
    "\n  mutation CreateAccountSignature($quoteId: ID!, $input: CreateQuoteSignatureInput!) {\n    createQuoteSignature(quoteId: $quoteId, input: $input) {\n      nanoId\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n    }\n  }\n": types.CreateAccountSignatureDocument,
    "\n  mutation UpdateQuoteToSigned($id: ID!) {\n    updateQuoteToSigned(id: $id) {\n      id\n      status\n      displayStatus\n      lifecycle {\n        state\n        actions\n      }\n      signedAt\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n    }\n  }\n": types.UpdateQuoteToSignedDocument,
    "\n  query QuoteDocuSign($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      customerDetails {\n        name\n        contactPerson\n        email\n      }\n      paymentTerms {\n        mode\n        payToAccept\n      }\n      docusignEnvelope {\n        envelopeId\n        status\n        reason\n        signerName\n        signerEmail\n        signedDocumentUrl\n        certificateUrl\n      }\n    }\n    docusignReadiness {\n      planAllows\n      connected\n    }\n  }\n": types.QuoteDocuSignDocument,
    "\n  mutation SendQuoteWithDocuSign($id: ID!) {\n    sendQuoteWithDocuSign(id: $id) {\n      envelopeId\n      status\n      signerName\n      signerEmail\n    }\n  }\n": types.SendQuoteWithDocuSignDocument,
    "\n  query QuoteSubscriptions($id: ID!) {\n    quote(id: $id) {\n      id\n      currency\n      subscriptions {\n        id\n        interval\n        amount\n        currency\n        status\n        startDate\n        nextPaymentDate\n        paymentsCount\n      }\n    }\n    me {\n      id\n    }\n    teamMembers {\n      id\n      role\n      status\n    }\n  }\n": types.QuoteSubscriptionsDocument,
    "\n  mutation CancelQuoteSubscription($id: ID!) {\n    cancelQuoteSubscription(id: $id) {\n      id\n      status\n      nextPaymentDate\n    }\n  }\n": types.CancelQuoteSubscriptionDocument,
    "\n  query StatisticsOverview($from: String!, $to: String!) {\n    quoteStatisticsOverview(from: $from, to: $to) {\n      from\n      to\n      timeZone\n      averageTime\n      totalQuoteViews\n      totalQuotesPublished\n      totalQuotesSigned\n      totalQuotesPaid\n      paymentsReceived {\n        currency\n        count\n        amount\n      }\n      entries {\n        date\n        averageTime\n        quoteViews\n        quotesPublished\n        quotesSigned\n      }\n    }\n  }\n": types.StatisticsOverviewDocument,
    "\n  query DashboardAccount {\n    me {\n      id\n      name\n      email\n    }\n    account {\n      id\n      name\n      timeZone\n      hasQuoteViews\n    }\n  }\n": types.DashboardAccountDocument,
    "\n  query LatestQuotes {\n    quotes(page: 1, pageSize: 5) {\n      totalCount\n      items {\n        id\n        quoteNumber\n        name\n        displayStatus\n        lifecycle {\n          state\n        }\n        customerDetails {\n          name\n        }\n      }\n    }\n  }\n": types.LatestQuotesDocument,
    "\n  query QuoteListStatistics($quoteIds: [ID!]!) {\n    quoteListStatistics(quoteIds: $quoteIds) {\n      quote {\n        id\n      }\n      views\n      totalTime\n    }\n  }\n": types.QuoteListStatisticsDocument,
    "\n  query QuoteStatistics($quoteId: ID!) {\n    quoteStatistics(quoteId: $quoteId) {\n      quoteId\n      views\n      totalTime\n      averageTime\n      timeEntries {\n        insertedAt\n        totalTime\n      }\n      blocks {\n        blockId\n        name\n        totalTime\n      }\n    }\n  }\n": types.QuoteStatisticsDocument,
    "\n  query QuoteSubscriptionsOverview {\n    quoteSubscriptionsOverview {\n      activeCount\n      nextCharge {\n        date\n        amount\n        currency\n        quoteId\n        quoteNumber\n      }\n      perInterval {\n        interval\n        currency\n        count\n        amount\n      }\n    }\n  }\n": types.QuoteSubscriptionsOverviewDocument,
    "\n  fragment TeamMemberFields on TeamMember {\n    id\n    email\n    name\n    role\n    status\n    expiresAt\n  }\n": types.TeamMemberFieldsFragmentDoc,
    "\n  query Team {\n    me {\n      id\n    }\n    account {\n      id\n      name\n    }\n    teamMembers {\n      ...TeamMemberFields\n    }\n  }\n": types.TeamDocument,
    "\n  mutation InviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      ...TeamMemberFields\n    }\n  }\n": types.InviteUserDocument,
    "\n  mutation UpdateMemberRole($userId: ID!, $role: AccountRole!) {\n    updateMemberRole(userId: $userId, role: $role) {\n      ...TeamMemberFields\n    }\n  }\n": types.UpdateMemberRoleDocument,
    "\n  mutation RemoveMember($userId: ID!) {\n    removeMember(userId: $userId)\n  }\n": types.RemoveMemberDocument,
    "\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id)\n  }\n": types.RevokeInvitationDocument,
    "\n  mutation TransferOwnership($userId: ID!) {\n    transferOwnership(userId: $userId)\n  }\n": types.TransferOwnershipDocument,
    "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n    }\n  }\n": types.AcceptInvitationDocument,
    "\n  mutation DeclineInvitation($token: String!) {\n    declineInvitation(token: $token)\n  }\n": types.DeclineInvitationDocument,
    "\n  query YourData {\n    me {\n      id\n    }\n    account {\n      id\n      name\n    }\n    teamMembers {\n      id\n      role\n      status\n    }\n  }\n": types.YourDataDocument,
    "\n  mutation DeleteAccount($confirmName: String!) {\n    deleteAccount(confirmName: $confirmName)\n  }\n": types.DeleteAccountDocument,
    "\n  mutation DeleteMe {\n    deleteMe\n  }\n": types.DeleteMeDocument,
    "\n  fragment TemplateLineItemFields on TemplateLineItem {\n    id\n    name\n    description\n    price\n    amount\n    vatRate\n    discountType\n    discountValue\n    optional\n    selected\n    recurring\n    total\n  }\n": types.TemplateLineItemFieldsFragmentDoc,
    "\n  fragment TemplateBlockFields on TemplateBlock {\n    __typename\n    id\n    name\n    content\n    createdAt\n    updatedAt\n    ... on PricingTemplateBlock {\n      pricingUnit\n      discountType\n      discountValue\n      templateLineItems {\n        ...TemplateLineItemFields\n      }\n      totals {\n        ...TotalsFields\n      }\n    }\n  }\n": types.TemplateBlockFieldsFragmentDoc,
    "\n  query TemplateBlocks($page: Int, $pageSize: Int, $kind: BlockKind, $search: String) {\n    templateBlocks(page: $page, pageSize: $pageSize, kind: $kind, search: $search) {\n      totalCount\n      page\n      pageSize\n      items {\n        __typename\n        id\n        name\n        updatedAt\n        ... on PricingTemplateBlock {\n          pricingUnit\n          templateLineItems {\n            id\n          }\n          totals {\n            ...TotalsFields\n          }\n        }\n      }\n    }\n  }\n": types.TemplateBlocksDocument,
    "\n  query TemplateBlock($id: ID!) {\n    templateBlock(id: $id) {\n      ...TemplateBlockFields\n    }\n  }\n": types.TemplateBlockDocument,
    "\n  query TemplateEditorAccount {\n    account {\n      id\n      country\n      language\n      currency\n    }\n  }\n": types.TemplateEditorAccountDocument,
    "\n  mutation CreateTextTemplateBlock($input: TextBlockInput!) {\n    createTextTemplateBlock(input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n": types.CreateTextTemplateBlockDocument,
    "\n  mutation UpdateTextTemplateBlock($id: ID!, $input: TextBlockInput!) {\n    updateTextTemplateBlock(id: $id, input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n": types.UpdateTextTemplateBlockDocument,
    "\n  mutation CreatePricingTemplateBlock($input: PricingBlockInput!) {\n    createPricingTemplateBlock(input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n": types.CreatePricingTemplateBlockDocument,
    "\n  mutation UpdatePricingTemplateBlock($id: ID!, $input: PricingBlockInput!) {\n    updatePricingTemplateBlock(id: $id, input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n": types.UpdatePricingTemplateBlockDocument,
    "\n  mutation DeleteTemplateBlock($id: ID!) {\n    deleteTemplateBlock(id: $id)\n  }\n": types.DeleteTemplateBlockDocument,
    "\n  mutation DuplicateTemplateBlock($id: ID!) {\n    duplicateTemplateBlock(id: $id) {\n      id\n      name\n    }\n  }\n": types.DuplicateTemplateBlockDocument,
    "\n  fragment TemplateSignatureFields on TemplateSignature {\n    id\n    name\n    kind\n    signature\n    isDefault\n  }\n": types.TemplateSignatureFieldsFragmentDoc,
    "\n  query TemplateSignatures($page: Int, $pageSize: Int) {\n    templateSignatures(page: $page, pageSize: $pageSize) {\n      totalCount\n      page\n      pageSize\n      items {\n        ...TemplateSignatureFields\n      }\n    }\n  }\n": types.TemplateSignaturesDocument,
    "\n  mutation CreateTemplateSignature($input: TemplateSignatureInput!) {\n    createTemplateSignature(input: $input) {\n      ...TemplateSignatureFields\n    }\n  }\n": types.CreateTemplateSignatureDocument,
    "\n  mutation UpdateTemplateSignature($id: ID!, $input: TemplateSignatureInput!) {\n    updateTemplateSignature(id: $id, input: $input) {\n      ...TemplateSignatureFields\n    }\n  }\n": types.UpdateTemplateSignatureDocument,
    "\n  mutation DeleteTemplateSignature($id: ID!) {\n    deleteTemplateSignature(id: $id)\n  }\n": types.DeleteTemplateSignatureDocument,
    "\n  query QuoteVersions($id: ID!) {\n    quote(id: $id) {\n      id\n      quoteVersions {\n        id\n        number\n        publishedAt\n        publishedByName\n        publishedByEmail\n        quoteSignatures {\n          id\n          kind\n          name\n        }\n      }\n    }\n  }\n": types.QuoteVersionsDocument,
    "\n  query QuoteVersion($quoteId: ID!, $number: Int!) {\n    quoteVersion(quoteId: $quoteId, number: $number) {\n      id\n      number\n      publishedAt\n      publishedByName\n      documentHash\n      document\n      changes\n      quoteSignatures {\n        id\n        kind\n        name\n        signatureKind\n        signature\n        signedAt\n        documentHash\n        versionNumber\n      }\n    }\n  }\n": types.QuoteVersionDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n": types.SignUpDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountPlan {\n    me {\n      id\n      email\n    }\n    account {\n      id\n      name\n      subscriptionPlan\n      subscriptionInterval\n      expiredAt\n      billingFirstName\n      billingLastName\n      billingStreetAndNumber\n      billingStreetAdditional\n      billingPostalCode\n      billingCity\n      billingCountry\n      country\n      identityAccountsUsers {\n        role\n        identityUser {\n          email\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountPlan {\n    me {\n      id\n      email\n    }\n    account {\n      id\n      name\n      subscriptionPlan\n      subscriptionInterval\n      expiredAt\n      billingFirstName\n      billingLastName\n      billingStreetAndNumber\n      billingStreetAdditional\n      billingPostalCode\n      billingCity\n      billingCountry\n      country\n      identityAccountsUsers {\n        role\n        identityUser {\n          email\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Billing {\n    billing {\n      subscription {\n        plan\n        effectivePlan\n        interval\n        expiredAt\n        trial\n        expired\n        expiresToday\n        daysLeft\n        trialDaysLeft\n        renews\n        canceledAt\n        vatNumber\n        canChangePlan\n        scheduledChange {\n          plan\n          interval\n          effectiveAt\n        }\n      }\n      payments {\n        id\n        plan\n        interval\n        sequenceType\n        purpose\n        status\n        netCents\n        vatCents\n        totalCents\n        createdAt\n        paidAt\n      }\n      invoices {\n        id\n        number\n        paymentId\n        issuedAt\n        totalCents\n        url\n      }\n    }\n  }\n"): (typeof documents)["\n  query Billing {\n    billing {\n      subscription {\n        plan\n        effectivePlan\n        interval\n        expiredAt\n        trial\n        expired\n        expiresToday\n        daysLeft\n        trialDaysLeft\n        renews\n        canceledAt\n        vatNumber\n        canChangePlan\n        scheduledChange {\n          plan\n          interval\n          effectiveAt\n        }\n      }\n      payments {\n        id\n        plan\n        interval\n        sequenceType\n        purpose\n        status\n        netCents\n        vatCents\n        totalCents\n        createdAt\n        paidAt\n      }\n      invoices {\n        id\n        number\n        paymentId\n        issuedAt\n        totalCents\n        url\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateFirstSubscriptionPayment($input: CreateFirstSubscriptionPaymentInput!) {\n    createFirstSubscriptionPayment(input: $input) {\n      status\n      checkoutUrl\n    }\n  }\n"): (typeof documents)["\n  mutation CreateFirstSubscriptionPayment($input: CreateFirstSubscriptionPaymentInput!) {\n    createFirstSubscriptionPayment(input: $input) {\n      status\n      checkoutUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelSubscription {\n    cancelSubscription {\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation CancelSubscription {\n    cancelSubscription {\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlanChangePreview($plan: Plan!, $interval: SubscriptionInterval!) {\n    billing {\n      changePreview(plan: $plan, interval: $interval) {\n        kind\n        plan\n        interval\n        effectiveAt\n        dueNowCents\n        renewalCents\n        pendingSignatures\n        losesSigning\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlanChangePreview($plan: Plan!, $interval: SubscriptionInterval!) {\n    billing {\n      changePreview(plan: $plan, interval: $interval) {\n        kind\n        plan\n        interval\n        effectiveAt\n        dueNowCents\n        renewalCents\n        pendingSignatures\n        losesSigning\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeSubscription($input: ChangeSubscriptionInput!) {\n    changeSubscription(input: $input) {\n      kind\n      status\n      effectiveAt\n      checkoutUrl\n    }\n  }\n"): (typeof documents)["\n  mutation ChangeSubscription($input: ChangeSubscriptionInput!) {\n    changeSubscription(input: $input) {\n      kind\n      status\n      effectiveAt\n      checkoutUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment QuoteConversation on Quote {\n    id\n    decline {\n      declinedAt\n      reason\n    }\n    reminder {\n      enabled\n      daysBefore\n      sentAt\n      scheduledFor\n    }\n    conversation {\n      id\n      kind\n      text\n      email\n      answer\n      answerEmail\n      answeredAt\n      active\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  fragment QuoteConversation on Quote {\n    id\n    decline {\n      declinedAt\n      reason\n    }\n    reminder {\n      enabled\n      daysBefore\n      sentAt\n      scheduledFor\n    }\n    conversation {\n      id\n      kind\n      text\n      email\n      answer\n      answerEmail\n      answeredAt\n      active\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteConversation($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      displayStatus\n      lifecycle {\n        state\n        actions\n      }\n      language\n      customer {\n        id\n        email\n      }\n      ...QuoteConversation\n    }\n    account {\n      id\n      timeZone\n    }\n  }\n"): (typeof documents)["\n  query QuoteConversation($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      displayStatus\n      lifecycle {\n        state\n        actions\n      }\n      language\n      customer {\n        id\n        email\n      }\n      ...QuoteConversation\n    }\n    account {\n      id\n      timeZone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendQuoteToCustomer($id: ID!, $input: SendQuoteToCustomerInput!) {\n    sendQuoteToCustomer(id: $id, input: $input) {\n      id\n      kind\n      email\n      text\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  mutation SendQuoteToCustomer($id: ID!, $input: SendQuoteToCustomerInput!) {\n    sendQuoteToCustomer(id: $id, input: $input) {\n      id\n      kind\n      email\n      text\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AnswerQuoteQuestion($id: ID!, $answer: String!) {\n    answerQuoteQuestion(id: $id, answer: $answer) {\n      id\n      answer\n      answerEmail\n      answeredAt\n    }\n  }\n"): (typeof documents)["\n  mutation AnswerQuoteQuestion($id: ID!, $answer: String!) {\n    answerQuoteQuestion(id: $id, answer: $answer) {\n      id\n      answer\n      answerEmail\n      answeredAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateQuoteReminder($id: ID!, $input: QuoteReminderInput!) {\n    updateQuoteReminder(id: $id, input: $input) {\n      id\n      reminder {\n        enabled\n        daysBefore\n        sentAt\n        scheduledFor\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateQuoteReminder($id: ID!, $input: QuoteReminderInput!) {\n    updateQuoteReminder(id: $id, input: $input) {\n      id\n      reminder {\n        enabled\n        daysBefore\n        sentAt\n        scheduledFor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountNotifications {\n    account {\n      id\n      notifyQuoteResponses\n    }\n  }\n"): (typeof documents)["\n  query AccountNotifications {\n    account {\n      id\n      notifyQuoteResponses\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAccountNotifications($notifyQuoteResponses: Boolean!) {\n    updateAccountNotifications(notifyQuoteResponses: $notifyQuoteResponses) {\n      id\n      notifyQuoteResponses\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAccountNotifications($notifyQuoteResponses: Boolean!) {\n    updateAccountNotifications(notifyQuoteResponses: $notifyQuoteResponses) {\n      id\n      notifyQuoteResponses\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CustomerFields on Customer {\n    id\n    name\n    companyName\n    contactPerson\n    email\n    phone\n    content\n    totalQuotes\n    totalSignedQuotes\n  }\n"): (typeof documents)["\n  fragment CustomerFields on Customer {\n    id\n    name\n    companyName\n    contactPerson\n    email\n    phone\n    content\n    totalQuotes\n    totalSignedQuotes\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Customers($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $sort: CustomerSort) {\n    customers(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, sort: $sort) {\n      totalCount\n      page\n      pageSize\n      startCursor\n      endCursor\n      hasPreviousPage\n      hasNextPage\n      items {\n        id\n        name\n        companyName\n        totalQuotes\n        totalSignedQuotes\n      }\n    }\n  }\n"): (typeof documents)["\n  query Customers($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $sort: CustomerSort) {\n    customers(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, sort: $sort) {\n      totalCount\n      page\n      pageSize\n      startCursor\n      endCursor\n      hasPreviousPage\n      hasNextPage\n      items {\n        id\n        name\n        companyName\n        totalQuotes\n        totalSignedQuotes\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      ...CustomerFields\n    }\n  }\n"): (typeof documents)["\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      ...CustomerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCustomer($input: CustomerInput!) {\n    createCustomer(input: $input) {\n      ...CustomerFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCustomer($input: CustomerInput!) {\n    createCustomer(input: $input) {\n      ...CustomerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCustomer($id: ID!, $input: CustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      ...CustomerFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCustomer($id: ID!, $input: CustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      ...CustomerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCustomer($id: ID!) {\n    deleteCustomer(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteCustomer($id: ID!) {\n    deleteCustomer(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    eventTypes\n    enabled\n    disabledReason\n    createdAt\n    previousSecretExpiresAt\n    deliveriesPaused\n  }\n"): (typeof documents)["\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    eventTypes\n    enabled\n    disabledReason\n    createdAt\n    previousSecretExpiresAt\n    deliveriesPaused\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    webhookId\n    eventType\n    attempt\n    status\n    statusCode\n    latencyMs\n    responseBody\n    error\n    createdAt\n    cursor\n  }\n"): (typeof documents)["\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    webhookId\n    eventType\n    attempt\n    status\n    statusCode\n    latencyMs\n    responseBody\n    error\n    createdAt\n    cursor\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    role\n    prefix\n    createdAt\n    createdByName\n    lastUsedAt\n    expiresAt\n    revokedAt\n  }\n"): (typeof documents)["\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    role\n    prefix\n    createdAt\n    createdByName\n    lastUsedAt\n    expiresAt\n    revokedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpointSecrets {\n    webhookEndpoints {\n      id\n      secret\n    }\n  }\n"): (typeof documents)["\n  query WebhookEndpointSecrets {\n    webhookEndpoints {\n      id\n      secret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      ...WebhookDeliveryFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      ...WebhookDeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhookEvent($id: ID!) {\n    sendTestWebhookEvent(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendTestWebhookEvent($id: ID!) {\n    sendTestWebhookEvent(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendWebhookDelivery($id: ID!) {\n    resendWebhookDelivery(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResendWebhookDelivery($id: ID!) {\n    resendWebhookDelivery(id: $id) {\n      ...WebhookDeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CustomDomainFields on CustomDomain {\n    id\n    domain\n    status\n    serving\n    planAllows\n    lastCheckedAt\n    records {\n      type\n      name\n      value\n      state\n    }\n  }\n"): (typeof documents)["\n  fragment CustomDomainFields on CustomDomain {\n    id\n    domain\n    status\n    serving\n    planAllows\n    lastCheckedAt\n    records {\n      type\n      name\n      value\n      state\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CustomDomain {\n    customDomain {\n      ...CustomDomainFields\n    }\n    customDomainAvailable\n  }\n"): (typeof documents)["\n  query CustomDomain {\n    customDomain {\n      ...CustomDomainFields\n    }\n    customDomainAvailable\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddCustomDomain($input: AddCustomDomainInput!) {\n    addCustomDomain(input: $input) {\n      ...CustomDomainFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddCustomDomain($input: AddCustomDomainInput!) {\n    addCustomDomain(input: $input) {\n      ...CustomDomainFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckCustomDomain {\n    checkCustomDomain {\n      ...CustomDomainFields\n    }\n  }\n"): (typeof documents)["\n  mutation CheckCustomDomain {\n    checkCustomDomain {\n      ...CustomDomainFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveCustomDomain {\n    removeCustomDomain\n  }\n"): (typeof documents)["\n  mutation RemoveCustomDomain {\n    removeCustomDomain\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment QuoteLineItemFields on QuoteLineItem {\n    id\n    name\n    description\n    price\n    amount\n    vatRate\n    discountType\n    discountValue\n    optional\n    selected\n    recurring\n    total\n  }\n"): (typeof documents)["\n  fragment QuoteLineItemFields on QuoteLineItem {\n    id\n    name\n    description\n    price\n    amount\n    vatRate\n    discountType\n    discountValue\n    optional\n    selected\n    recurring\n    total\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment QuoteBlockFields on QuoteBlock {\n    __typename\n    id\n    name\n    content\n    position\n    ... on PricingQuoteBlock {\n      pricingUnit\n      discountType\n      discountValue\n      quoteLineItems {\n        ...QuoteLineItemFields\n      }\n      totals {\n        ...TotalsFields\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment QuoteBlockFields on QuoteBlock {\n    __typename\n    id\n    name\n    content\n    position\n    ... on PricingQuoteBlock {\n      pricingUnit\n      discountType\n      discountValue\n      quoteLineItems {\n        ...QuoteLineItemFields\n      }\n      totals {\n        ...TotalsFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteEditor($id: ID!) {\n    quote(id: $id) {\n      id\n      quoteNumber\n      name\n      language\n      currency\n      status\n      totals {\n        ...TotalsFields\n      }\n      quoteBlocks {\n        __typename\n        id\n        name\n        content\n        position\n        ... on PricingQuoteBlock {\n          pricingUnit\n          discountType\n          discountValue\n          quoteLineItems {\n            ...QuoteLineItemFields\n          }\n          totals {\n            ...TotalsFields\n          }\n        }\n      }\n    }\n    account {\n      id\n      country\n      language\n      currency\n    }\n  }\n"): (typeof documents)["\n  query QuoteEditor($id: ID!) {\n    quote(id: $id) {\n      id\n      quoteNumber\n      name\n      language\n      currency\n      status\n      totals {\n        ...TotalsFields\n      }\n      quoteBlocks {\n        __typename\n        id\n        name\n        content\n        position\n        ... on PricingQuoteBlock {\n          pricingUnit\n          discountType\n          discountValue\n          quoteLineItems {\n            ...QuoteLineItemFields\n          }\n          totals {\n            ...TotalsFields\n          }\n        }\n      }\n    }\n    account {\n      id\n      country\n      language\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteBlock($id: ID!) {\n    quoteBlock(id: $id) {\n      ...QuoteBlockFields\n    }\n  }\n"): (typeof documents)["\n  query QuoteBlock($id: ID!) {\n    quoteBlock(id: $id) {\n      ...QuoteBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTextQuoteBlock($quoteId: ID!, $input: TextBlockInput!) {\n    createTextQuoteBlock(quoteId: $quoteId, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTextQuoteBlock($quoteId: ID!, $input: TextBlockInput!) {\n    createTextQuoteBlock(quoteId: $quoteId, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTextQuoteBlock($id: ID!, $input: TextBlockInput!) {\n    updateTextQuoteBlock(id: $id, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTextQuoteBlock($id: ID!, $input: TextBlockInput!) {\n    updateTextQuoteBlock(id: $id, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePricingQuoteBlock($quoteId: ID!, $input: PricingBlockInput!) {\n    createPricingQuoteBlock(quoteId: $quoteId, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePricingQuoteBlock($quoteId: ID!, $input: PricingBlockInput!) {\n    createPricingQuoteBlock(quoteId: $quoteId, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePricingQuoteBlock($id: ID!, $input: PricingBlockInput!) {\n    updatePricingQuoteBlock(id: $id, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePricingQuoteBlock($id: ID!, $input: PricingBlockInput!) {\n    updatePricingQuoteBlock(id: $id, input: $input) {\n      ...QuoteBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteQuoteBlock($id: ID!) {\n    deleteQuoteBlock(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteQuoteBlock($id: ID!) {\n    deleteQuoteBlock(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DuplicateQuoteBlock($id: ID!) {\n    duplicateQuoteBlock(id: $id) {\n      ...QuoteBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation DuplicateQuoteBlock($id: ID!) {\n    duplicateQuoteBlock(id: $id) {\n      ...QuoteBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateQuoteBlockPositions($quoteId: ID!, $ids: [ID!]!) {\n    updateQuoteBlockPositions(quoteId: $quoteId, ids: $ids) {\n      id\n      quoteBlocks {\n        id\n        position\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateQuoteBlockPositions($quoteId: ID!, $ids: [ID!]!) {\n    updateQuoteBlockPositions(quoteId: $quoteId, ids: $ids) {\n      id\n      quoteBlocks {\n        id\n        position\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateQuoteBlockFromTemplate($quoteId: ID!, $templateBlockId: ID!) {\n    createQuoteBlockFromTemplate(quoteId: $quoteId, templateBlockId: $templateBlockId) {\n      ...QuoteBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateQuoteBlockFromTemplate($quoteId: ID!, $templateBlockId: ID!) {\n    createQuoteBlockFromTemplate(quoteId: $quoteId, templateBlockId: $templateBlockId) {\n      ...QuoteBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveQuoteBlockAsTemplate($id: ID!) {\n    saveQuoteBlockAsTemplate(id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation SaveQuoteBlockAsTemplate($id: ID!) {\n    saveQuoteBlockAsTemplate(id: $id) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadRichTextImage($file: File!) {\n    uploadRichTextImage(file: $file) {\n      src\n      width\n      height\n    }\n  }\n"): (typeof documents)["\n  mutation UploadRichTextImage($file: File!) {\n    uploadRichTextImage(file: $file) {\n      src\n      width\n      height\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocuSignSettings {\n    docusign {\n      connectAvailable\n      planAllows\n      connectUrl\n      connection {\n        accountName\n        userEmail\n        connectedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query DocuSignSettings {\n    docusign {\n      connectAvailable\n      planAllows\n      connectUrl\n      connection {\n        accountName\n        userEmail\n        connectedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisconnectDocuSign {\n    disconnectDocuSign\n  }\n"): (typeof documents)["\n  mutation DisconnectDocuSign {\n    disconnectDocuSign\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MollieSettings {\n    mollie {\n      connectAvailable\n      connectUrl\n      connection {\n        method\n        mode\n        displayName\n        connectedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query MollieSettings {\n    mollie {\n      connectAvailable\n      connectUrl\n      connection {\n        method\n        mode\n        displayName\n        connectedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectMollieApiKey($apiKey: String!) {\n    connectMollieApiKey(apiKey: $apiKey) {\n      method\n      mode\n      displayName\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectMollieApiKey($apiKey: String!) {\n    connectMollieApiKey(apiKey: $apiKey) {\n      method\n      mode\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisconnectMollie {\n    disconnectMollie\n  }\n"): (typeof documents)["\n  mutation DisconnectMollie {\n    disconnectMollie\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HarvestConnection {\n    harvestConnection {\n      id\n      harvestAccountId\n      accountName\n      userName\n      create\n      enabled\n      disabledReason\n    }\n  }\n"): (typeof documents)["\n  query HarvestConnection {\n    harvestConnection {\n      id\n      harvestAccountId\n      accountName\n      userName\n      create\n      enabled\n      disabledReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectHarvest($token: String!, $accountId: String!, $create: HarvestCreate!) {\n    connectHarvest(token: $token, accountId: $accountId, create: $create) {\n      id\n      harvestAccountId\n      accountName\n      userName\n      create\n      enabled\n      disabledReason\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectHarvest($token: String!, $accountId: String!, $create: HarvestCreate!) {\n    connectHarvest(token: $token, accountId: $accountId, create: $create) {\n      id\n      harvestAccountId\n      accountName\n      userName\n      create\n      enabled\n      disabledReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateHarvest($create: HarvestCreate!) {\n    updateHarvest(create: $create) {\n      id\n      create\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateHarvest($create: HarvestCreate!) {\n    updateHarvest(create: $create) {\n      id\n      create\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment IntegrationConnectionFields on IntegrationConnection {\n    id\n    kind\n    label\n    detail\n    url\n    settings\n    eventTypes\n    enabled\n    disabledReason\n    disabledAt\n    deliveriesPaused\n    createdAt\n  }\n"): (typeof documents)["\n  fragment IntegrationConnectionFields on IntegrationConnection {\n    id\n    kind\n    label\n    detail\n    url\n    settings\n    eventTypes\n    enabled\n    disabledReason\n    disabledAt\n    deliveriesPaused\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Integrations($kind: IntegrationKind) {\n    integrations(kind: $kind) {\n      ...IntegrationConnectionFields\n    }\n  }\n"): (typeof documents)["\n  query Integrations($kind: IntegrationKind) {\n    integrations(kind: $kind) {\n      ...IntegrationConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IntegrationDeliveries($kind: IntegrationKind) {\n    integrations(kind: $kind) {\n      id\n      recentDeliveries {\n        id\n        eventType\n        attempt\n        status\n        statusCode\n        responseBody\n        error\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query IntegrationDeliveries($kind: IntegrationKind) {\n    integrations(kind: $kind) {\n      id\n      recentDeliveries {\n        id\n        eventType\n        attempt\n        status\n        statusCode\n        responseBody\n        error\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisconnectIntegration($id: ID!) {\n    disconnectIntegration(id: $id)\n  }\n"): (typeof documents)["\n  mutation DisconnectIntegration($id: ID!) {\n    disconnectIntegration(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetIntegrationEnabled($id: ID!, $enabled: Boolean!) {\n    setIntegrationEnabled(id: $id, enabled: $enabled) {\n      ...IntegrationConnectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetIntegrationEnabled($id: ID!, $enabled: Boolean!) {\n    setIntegrationEnabled(id: $id, enabled: $enabled) {\n      ...IntegrationConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateIntegrationEvents($id: ID!, $eventTypes: [String!]!) {\n    updateIntegrationEvents(id: $id, eventTypes: $eventTypes) {\n      ...IntegrationConnectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateIntegrationEvents($id: ID!, $eventTypes: [String!]!) {\n    updateIntegrationEvents(id: $id, eventTypes: $eventTypes) {\n      ...IntegrationConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlackIntegration {\n    slackIntegration {\n      addToSlack\n    }\n  }\n"): (typeof documents)["\n  query SlackIntegration {\n    slackIntegration {\n      addToSlack\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartSlackOAuth {\n    startSlackOAuth\n  }\n"): (typeof documents)["\n  mutation StartSlackOAuth {\n    startSlackOAuth\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectSlackWebhook($input: SlackWebhookInput!) {\n    connectSlackWebhook(input: $input) {\n      ...IntegrationConnectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectSlackWebhook($input: SlackWebhookInput!) {\n    connectSlackWebhook(input: $input) {\n      ...IntegrationConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TotalsFields on Totals {\n    oneOff {\n      subtotal\n      discount\n      totalExclVat\n      vat {\n        rate\n        base\n        vat\n      }\n      vatTotal\n      totalInclVat\n    }\n    recurring {\n      interval\n      subtotal\n      discount\n      totalExclVat\n      vat {\n        rate\n        base\n        vat\n      }\n      vatTotal\n      totalInclVat\n    }\n  }\n"): (typeof documents)["\n  fragment TotalsFields on Totals {\n    oneOff {\n      subtotal\n      discount\n      totalExclVat\n      vat {\n        rate\n        base\n        vat\n      }\n      vatTotal\n      totalInclVat\n    }\n    recurring {\n      interval\n      subtotal\n      discount\n      totalExclVat\n      vat {\n        rate\n        base\n        vat\n      }\n      vatTotal\n      totalInclVat\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment QuoteFields on Quote {\n    id\n    quoteNumber\n    name\n    slug\n    nanoId\n    url\n    language\n    currency\n    status\n    displayStatus\n    lifecycle {\n      state\n      actions\n    }\n    signable\n    paymentTerms {\n      mode\n      percent\n      amount\n      payToAccept\n      startRecurring\n    }\n    paymentDue {\n      amount\n      oneOffTotal\n      capped\n      recurring {\n        interval\n        amount\n      }\n    }\n    quoteDateAt\n    quoteExpirationAt\n    publishedAt\n    total\n    customer {\n      id\n      name\n    }\n    customerDetails {\n      name\n      companyName\n      contactPerson\n      email\n      phone\n      content\n    }\n  }\n"): (typeof documents)["\n  fragment QuoteFields on Quote {\n    id\n    quoteNumber\n    name\n    slug\n    nanoId\n    url\n    language\n    currency\n    status\n    displayStatus\n    lifecycle {\n      state\n      actions\n    }\n    signable\n    paymentTerms {\n      mode\n      percent\n      amount\n      payToAccept\n      startRecurring\n    }\n    paymentDue {\n      amount\n      oneOffTotal\n      capped\n      recurring {\n        interval\n        amount\n      }\n    }\n    quoteDateAt\n    quoteExpirationAt\n    publishedAt\n    total\n    customer {\n      id\n      name\n    }\n    customerDetails {\n      name\n      companyName\n      contactPerson\n      email\n      phone\n      content\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment QuoteBlocks on Quote {\n    totals {\n      ...TotalsFields\n    }\n    quoteBlocks {\n      __typename\n      id\n      name\n      content\n      position\n      ... on PricingQuoteBlock {\n        pricingUnit\n        discountType\n        discountValue\n        # Inline, not ...TotalsFields: a fragment spread here would pass the query depth limit (10).\n        totals {\n          oneOff {\n            subtotal\n            discount\n            totalExclVat\n            vat {\n              rate\n              base\n              vat\n            }\n            vatTotal\n            totalInclVat\n          }\n          recurring {\n            interval\n            subtotal\n            discount\n            totalExclVat\n            vat {\n              rate\n              base\n              vat\n            }\n            vatTotal\n            totalInclVat\n          }\n        }\n        quoteLineItems {\n          id\n          name\n          description\n          price\n          amount\n          vatRate\n          discountType\n          discountValue\n          optional\n          selected\n          recurring\n          total\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment QuoteBlocks on Quote {\n    totals {\n      ...TotalsFields\n    }\n    quoteBlocks {\n      __typename\n      id\n      name\n      content\n      position\n      ... on PricingQuoteBlock {\n        pricingUnit\n        discountType\n        discountValue\n        # Inline, not ...TotalsFields: a fragment spread here would pass the query depth limit (10).\n        totals {\n          oneOff {\n            subtotal\n            discount\n            totalExclVat\n            vat {\n              rate\n              base\n              vat\n            }\n            vatTotal\n            totalInclVat\n          }\n          recurring {\n            interval\n            subtotal\n            discount\n            totalExclVat\n            vat {\n              rate\n              base\n              vat\n            }\n            vatTotal\n            totalInclVat\n          }\n        }\n        quoteLineItems {\n          id\n          name\n          description\n          price\n          amount\n          vatRate\n          discountType\n          discountValue\n          optional\n          selected\n          recurring\n          total\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Quotes($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $state: QuoteState) {\n    quotes(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, state: $state) {\n      totalCount\n      page\n      pageSize\n      startCursor\n      endCursor\n      hasPreviousPage\n      hasNextPage\n      items {\n        id\n        quoteNumber\n        name\n        status\n        displayStatus\n        lifecycle {\n          state\n          actions\n        }\n        total\n        currency\n        quoteDateAt\n        quoteExpirationAt\n        customer {\n          id\n          name\n        }\n        customerDetails {\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Quotes($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $state: QuoteState) {\n    quotes(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, state: $state) {\n      totalCount\n      page\n      pageSize\n      startCursor\n      endCursor\n      hasPreviousPage\n      hasNextPage\n      items {\n        id\n        quoteNumber\n        name\n        status\n        displayStatus\n        lifecycle {\n          state\n          actions\n        }\n        total\n        currency\n        quoteDateAt\n        quoteExpirationAt\n        customer {\n          id\n          name\n        }\n        customerDetails {\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Quote($id: ID!) {\n    quote(id: $id) {\n      ...QuoteFields\n      ...QuoteBlocks\n      # The customer's choice of optional lines, shown in the read-only preview (issue 13).\n      quoteSignatures {\n        id\n        kind\n        selection\n      }\n    }\n  }\n"): (typeof documents)["\n  query Quote($id: ID!) {\n    quote(id: $id) {\n      ...QuoteFields\n      ...QuoteBlocks\n      # The customer's choice of optional lines, shown in the read-only preview (issue 13).\n      quoteSignatures {\n        id\n        kind\n        selection\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteFormData {\n    account {\n      id\n      language\n      currency\n    }\n    customers(pageSize: 100, sort: NAME_ASC) {\n      totalCount\n      items {\n        id\n        name\n        companyName\n      }\n    }\n  }\n"): (typeof documents)["\n  query QuoteFormData {\n    account {\n      id\n      language\n      currency\n    }\n    customers(pageSize: 100, sort: NAME_ASC) {\n      totalCount\n      items {\n        id\n        name\n        companyName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateQuote($input: QuoteInput!, $startFrom: QuoteStartInput) {\n    createQuote(input: $input, startFrom: $startFrom) {\n      ...QuoteFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateQuote($input: QuoteInput!, $startFrom: QuoteStartInput) {\n    createQuote(input: $input, startFrom: $startFrom) {\n      ...QuoteFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateQuote($id: ID!, $input: QuoteInput!) {\n    updateQuote(id: $id, input: $input) {\n      ...QuoteFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateQuote($id: ID!, $input: QuoteInput!) {\n    updateQuote(id: $id, input: $input) {\n      ...QuoteFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishQuote($id: ID!) {\n    publishQuote(id: $id) {\n      ...QuoteFields\n    }\n  }\n"): (typeof documents)["\n  mutation PublishQuote($id: ID!) {\n    publishQuote(id: $id) {\n      ...QuoteFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WithdrawQuote($id: ID!) {\n    withdrawQuote(id: $id) {\n      ...QuoteFields\n    }\n  }\n"): (typeof documents)["\n  mutation WithdrawQuote($id: ID!) {\n    withdrawQuote(id: $id) {\n      ...QuoteFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DuplicateQuote($id: ID!) {\n    duplicateQuote(id: $id) {\n      id\n      quoteNumber\n      name\n      status\n      displayStatus\n    }\n  }\n"): (typeof documents)["\n  mutation DuplicateQuote($id: ID!) {\n    duplicateQuote(id: $id) {\n      id\n      quoteNumber\n      name\n      status\n      displayStatus\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteQuote($id: ID!) {\n    deleteQuote(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteQuote($id: ID!) {\n    deleteQuote(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccountSettingsFields on Account {\n    id\n    name\n    country\n    currency\n    language\n    vatNumber\n    billingFirstName\n    billingLastName\n    billingStreetAndNumber\n    billingStreetAdditional\n    billingPostalCode\n    billingCity\n    billingCountry\n    quoteStreetAndNumber\n    quotePostalCode\n    quoteCity\n    timeZone\n    notifyFirstView\n    linkColor\n    textColor\n    textFont\n    fileUrl(version: 1)\n    viewerRole\n  }\n"): (typeof documents)["\n  fragment AccountSettingsFields on Account {\n    id\n    name\n    country\n    currency\n    language\n    vatNumber\n    billingFirstName\n    billingLastName\n    billingStreetAndNumber\n    billingStreetAdditional\n    billingPostalCode\n    billingCity\n    billingCountry\n    quoteStreetAndNumber\n    quotePostalCode\n    quoteCity\n    timeZone\n    notifyFirstView\n    linkColor\n    textColor\n    textFont\n    fileUrl(version: 1)\n    viewerRole\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountSettings {\n    account {\n      ...AccountSettingsFields\n    }\n  }\n"): (typeof documents)["\n  query AccountSettings {\n    account {\n      ...AccountSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAccount($input: UpdateAccountInput!) {\n    updateAccount(input: $input) {\n      ...AccountSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAccount($input: UpdateAccountInput!) {\n    updateAccount(input: $input) {\n      ...AccountSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAccountStyling($input: UpdateAccountStylingInput!) {\n    updateAccountStyling(input: $input) {\n      ...AccountSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAccountStyling($input: UpdateAccountStylingInput!) {\n    updateAccountStyling(input: $input) {\n      ...AccountSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAccountLogo($file: File!) {\n    updateAccountLogo(file: $file) {\n      ...AccountSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAccountLogo($file: File!) {\n    updateAccountLogo(file: $file) {\n      ...AccountSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveAccountLogo {\n    removeAccountLogo {\n      ...AccountSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveAccountLogo {\n    removeAccountLogo {\n      ...AccountSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment QuoteSignatureFields on QuoteSignature {\n    id\n    kind\n    name\n    signatureKind\n    signature\n    signedAt\n    documentHash\n    versionNumber\n  }\n"): (typeof documents)["\n  fragment QuoteSignatureFields on QuoteSignature {\n    id\n    kind\n    name\n    signatureKind\n    signature\n    signedAt\n    documentHash\n    versionNumber\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteSigning($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      url\n      lifecycle {\n        state\n        actions\n      }\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n      quoteVersions {\n        id\n        number\n      }\n      payment {\n        status\n        amount\n        currency\n        payToAccept\n        paidAt\n        invoiceNumber\n      }\n      docusignEnvelope {\n        status\n      }\n    }\n    templateSignatures(pageSize: 50) {\n      items {\n        id\n        name\n        kind\n        isDefault\n      }\n    }\n    me {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query QuoteSigning($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      url\n      lifecycle {\n        state\n        actions\n      }\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n      quoteVersions {\n        id\n        number\n      }\n      payment {\n        status\n        amount\n        currency\n        payToAccept\n        paidAt\n        invoiceNumber\n      }\n      docusignEnvelope {\n        status\n      }\n    }\n    templateSignatures(pageSize: 50) {\n      items {\n        id\n        name\n        kind\n        isDefault\n      }\n    }\n    me {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAccountSignature($quoteId: ID!, $input: CreateQuoteSignatureInput!) {\n    createQuoteSignature(quoteId: $quoteId, input: $input) {\n      nanoId\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAccountSignature($quoteId: ID!, $input: CreateQuoteSignatureInput!) {\n    createQuoteSignature(quoteId: $quoteId, input: $input) {\n      nanoId\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateQuoteToSigned($id: ID!) {\n    updateQuoteToSigned(id: $id) {\n      id\n      status\n      displayStatus\n      lifecycle {\n        state\n        actions\n      }\n      signedAt\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateQuoteToSigned($id: ID!) {\n    updateQuoteToSigned(id: $id) {\n      id\n      status\n      displayStatus\n      lifecycle {\n        state\n        actions\n      }\n      signedAt\n      quoteSignatures {\n        ...QuoteSignatureFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteDocuSign($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      customerDetails {\n        name\n        contactPerson\n        email\n      }\n      paymentTerms {\n        mode\n        payToAccept\n      }\n      docusignEnvelope {\n        envelopeId\n        status\n        reason\n        signerName\n        signerEmail\n        signedDocumentUrl\n        certificateUrl\n      }\n    }\n    docusignReadiness {\n      planAllows\n      connected\n    }\n  }\n"): (typeof documents)["\n  query QuoteDocuSign($id: ID!) {\n    quote(id: $id) {\n      id\n      status\n      customerDetails {\n        name\n        contactPerson\n        email\n      }\n      paymentTerms {\n        mode\n        payToAccept\n      }\n      docusignEnvelope {\n        envelopeId\n        status\n        reason\n        signerName\n        signerEmail\n        signedDocumentUrl\n        certificateUrl\n      }\n    }\n    docusignReadiness {\n      planAllows\n      connected\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendQuoteWithDocuSign($id: ID!) {\n    sendQuoteWithDocuSign(id: $id) {\n      envelopeId\n      status\n      signerName\n      signerEmail\n    }\n  }\n"): (typeof documents)["\n  mutation SendQuoteWithDocuSign($id: ID!) {\n    sendQuoteWithDocuSign(id: $id) {\n      envelopeId\n      status\n      signerName\n      signerEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteSubscriptions($id: ID!) {\n    quote(id: $id) {\n      id\n      currency\n      subscriptions {\n        id\n        interval\n        amount\n        currency\n        status\n        startDate\n        nextPaymentDate\n        paymentsCount\n      }\n    }\n    me {\n      id\n    }\n    teamMembers {\n      id\n      role\n      status\n    }\n  }\n"): (typeof documents)["\n  query QuoteSubscriptions($id: ID!) {\n    quote(id: $id) {\n      id\n      currency\n      subscriptions {\n        id\n        interval\n        amount\n        currency\n        status\n        startDate\n        nextPaymentDate\n        paymentsCount\n      }\n    }\n    me {\n      id\n    }\n    teamMembers {\n      id\n      role\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelQuoteSubscription($id: ID!) {\n    cancelQuoteSubscription(id: $id) {\n      id\n      status\n      nextPaymentDate\n    }\n  }\n"): (typeof documents)["\n  mutation CancelQuoteSubscription($id: ID!) {\n    cancelQuoteSubscription(id: $id) {\n      id\n      status\n      nextPaymentDate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StatisticsOverview($from: String!, $to: String!) {\n    quoteStatisticsOverview(from: $from, to: $to) {\n      from\n      to\n      timeZone\n      averageTime\n      totalQuoteViews\n      totalQuotesPublished\n      totalQuotesSigned\n      totalQuotesPaid\n      paymentsReceived {\n        currency\n        count\n        amount\n      }\n      entries {\n        date\n        averageTime\n        quoteViews\n        quotesPublished\n        quotesSigned\n      }\n    }\n  }\n"): (typeof documents)["\n  query StatisticsOverview($from: String!, $to: String!) {\n    quoteStatisticsOverview(from: $from, to: $to) {\n      from\n      to\n      timeZone\n      averageTime\n      totalQuoteViews\n      totalQuotesPublished\n      totalQuotesSigned\n      totalQuotesPaid\n      paymentsReceived {\n        currency\n        count\n        amount\n      }\n      entries {\n        date\n        averageTime\n        quoteViews\n        quotesPublished\n        quotesSigned\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardAccount {\n    me {\n      id\n      name\n      email\n    }\n    account {\n      id\n      name\n      timeZone\n      hasQuoteViews\n    }\n  }\n"): (typeof documents)["\n  query DashboardAccount {\n    me {\n      id\n      name\n      email\n    }\n    account {\n      id\n      name\n      timeZone\n      hasQuoteViews\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LatestQuotes {\n    quotes(page: 1, pageSize: 5) {\n      totalCount\n      items {\n        id\n        quoteNumber\n        name\n        displayStatus\n        lifecycle {\n          state\n        }\n        customerDetails {\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query LatestQuotes {\n    quotes(page: 1, pageSize: 5) {\n      totalCount\n      items {\n        id\n        quoteNumber\n        name\n        displayStatus\n        lifecycle {\n          state\n        }\n        customerDetails {\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteListStatistics($quoteIds: [ID!]!) {\n    quoteListStatistics(quoteIds: $quoteIds) {\n      quote {\n        id\n      }\n      views\n      totalTime\n    }\n  }\n"): (typeof documents)["\n  query QuoteListStatistics($quoteIds: [ID!]!) {\n    quoteListStatistics(quoteIds: $quoteIds) {\n      quote {\n        id\n      }\n      views\n      totalTime\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteStatistics($quoteId: ID!) {\n    quoteStatistics(quoteId: $quoteId) {\n      quoteId\n      views\n      totalTime\n      averageTime\n      timeEntries {\n        insertedAt\n        totalTime\n      }\n      blocks {\n        blockId\n        name\n        totalTime\n      }\n    }\n  }\n"): (typeof documents)["\n  query QuoteStatistics($quoteId: ID!) {\n    quoteStatistics(quoteId: $quoteId) {\n      quoteId\n      views\n      totalTime\n      averageTime\n      timeEntries {\n        insertedAt\n        totalTime\n      }\n      blocks {\n        blockId\n        name\n        totalTime\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteSubscriptionsOverview {\n    quoteSubscriptionsOverview {\n      activeCount\n      nextCharge {\n        date\n        amount\n        currency\n        quoteId\n        quoteNumber\n      }\n      perInterval {\n        interval\n        currency\n        count\n        amount\n      }\n    }\n  }\n"): (typeof documents)["\n  query QuoteSubscriptionsOverview {\n    quoteSubscriptionsOverview {\n      activeCount\n      nextCharge {\n        date\n        amount\n        currency\n        quoteId\n        quoteNumber\n      }\n      perInterval {\n        interval\n        currency\n        count\n        amount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TeamMemberFields on TeamMember {\n    id\n    email\n    name\n    role\n    status\n    expiresAt\n  }\n"): (typeof documents)["\n  fragment TeamMemberFields on TeamMember {\n    id\n    email\n    name\n    role\n    status\n    expiresAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Team {\n    me {\n      id\n    }\n    account {\n      id\n      name\n    }\n    teamMembers {\n      ...TeamMemberFields\n    }\n  }\n"): (typeof documents)["\n  query Team {\n    me {\n      id\n    }\n    account {\n      id\n      name\n    }\n    teamMembers {\n      ...TeamMemberFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      ...TeamMemberFields\n    }\n  }\n"): (typeof documents)["\n  mutation InviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      ...TeamMemberFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMemberRole($userId: ID!, $role: AccountRole!) {\n    updateMemberRole(userId: $userId, role: $role) {\n      ...TeamMemberFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMemberRole($userId: ID!, $role: AccountRole!) {\n    updateMemberRole(userId: $userId, role: $role) {\n      ...TeamMemberFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($userId: ID!) {\n    removeMember(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation RemoveMember($userId: ID!) {\n    removeMember(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TransferOwnership($userId: ID!) {\n    transferOwnership(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation TransferOwnership($userId: ID!) {\n    transferOwnership(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineInvitation($token: String!) {\n    declineInvitation(token: $token)\n  }\n"): (typeof documents)["\n  mutation DeclineInvitation($token: String!) {\n    declineInvitation(token: $token)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query YourData {\n    me {\n      id\n    }\n    account {\n      id\n      name\n    }\n    teamMembers {\n      id\n      role\n      status\n    }\n  }\n"): (typeof documents)["\n  query YourData {\n    me {\n      id\n    }\n    account {\n      id\n      name\n    }\n    teamMembers {\n      id\n      role\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($confirmName: String!) {\n    deleteAccount(confirmName: $confirmName)\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($confirmName: String!) {\n    deleteAccount(confirmName: $confirmName)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMe {\n    deleteMe\n  }\n"): (typeof documents)["\n  mutation DeleteMe {\n    deleteMe\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TemplateLineItemFields on TemplateLineItem {\n    id\n    name\n    description\n    price\n    amount\n    vatRate\n    discountType\n    discountValue\n    optional\n    selected\n    recurring\n    total\n  }\n"): (typeof documents)["\n  fragment TemplateLineItemFields on TemplateLineItem {\n    id\n    name\n    description\n    price\n    amount\n    vatRate\n    discountType\n    discountValue\n    optional\n    selected\n    recurring\n    total\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TemplateBlockFields on TemplateBlock {\n    __typename\n    id\n    name\n    content\n    createdAt\n    updatedAt\n    ... on PricingTemplateBlock {\n      pricingUnit\n      discountType\n      discountValue\n      templateLineItems {\n        ...TemplateLineItemFields\n      }\n      totals {\n        ...TotalsFields\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment TemplateBlockFields on TemplateBlock {\n    __typename\n    id\n    name\n    content\n    createdAt\n    updatedAt\n    ... on PricingTemplateBlock {\n      pricingUnit\n      discountType\n      discountValue\n      templateLineItems {\n        ...TemplateLineItemFields\n      }\n      totals {\n        ...TotalsFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TemplateBlocks($page: Int, $pageSize: Int, $kind: BlockKind, $search: String) {\n    templateBlocks(page: $page, pageSize: $pageSize, kind: $kind, search: $search) {\n      totalCount\n      page\n      pageSize\n      items {\n        __typename\n        id\n        name\n        updatedAt\n        ... on PricingTemplateBlock {\n          pricingUnit\n          templateLineItems {\n            id\n          }\n          totals {\n            ...TotalsFields\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TemplateBlocks($page: Int, $pageSize: Int, $kind: BlockKind, $search: String) {\n    templateBlocks(page: $page, pageSize: $pageSize, kind: $kind, search: $search) {\n      totalCount\n      page\n      pageSize\n      items {\n        __typename\n        id\n        name\n        updatedAt\n        ... on PricingTemplateBlock {\n          pricingUnit\n          templateLineItems {\n            id\n          }\n          totals {\n            ...TotalsFields\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TemplateBlock($id: ID!) {\n    templateBlock(id: $id) {\n      ...TemplateBlockFields\n    }\n  }\n"): (typeof documents)["\n  query TemplateBlock($id: ID!) {\n    templateBlock(id: $id) {\n      ...TemplateBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TemplateEditorAccount {\n    account {\n      id\n      country\n      language\n      currency\n    }\n  }\n"): (typeof documents)["\n  query TemplateEditorAccount {\n    account {\n      id\n      country\n      language\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTextTemplateBlock($input: TextBlockInput!) {\n    createTextTemplateBlock(input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTextTemplateBlock($input: TextBlockInput!) {\n    createTextTemplateBlock(input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTextTemplateBlock($id: ID!, $input: TextBlockInput!) {\n    updateTextTemplateBlock(id: $id, input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTextTemplateBlock($id: ID!, $input: TextBlockInput!) {\n    updateTextTemplateBlock(id: $id, input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePricingTemplateBlock($input: PricingBlockInput!) {\n    createPricingTemplateBlock(input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePricingTemplateBlock($input: PricingBlockInput!) {\n    createPricingTemplateBlock(input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePricingTemplateBlock($id: ID!, $input: PricingBlockInput!) {\n    updatePricingTemplateBlock(id: $id, input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePricingTemplateBlock($id: ID!, $input: PricingBlockInput!) {\n    updatePricingTemplateBlock(id: $id, input: $input) {\n      ...TemplateBlockFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTemplateBlock($id: ID!) {\n    deleteTemplateBlock(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTemplateBlock($id: ID!) {\n    deleteTemplateBlock(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DuplicateTemplateBlock($id: ID!) {\n    duplicateTemplateBlock(id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation DuplicateTemplateBlock($id: ID!) {\n    duplicateTemplateBlock(id: $id) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TemplateSignatureFields on TemplateSignature {\n    id\n    name\n    kind\n    signature\n    isDefault\n  }\n"): (typeof documents)["\n  fragment TemplateSignatureFields on TemplateSignature {\n    id\n    name\n    kind\n    signature\n    isDefault\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TemplateSignatures($page: Int, $pageSize: Int) {\n    templateSignatures(page: $page, pageSize: $pageSize) {\n      totalCount\n      page\n      pageSize\n      items {\n        ...TemplateSignatureFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query TemplateSignatures($page: Int, $pageSize: Int) {\n    templateSignatures(page: $page, pageSize: $pageSize) {\n      totalCount\n      page\n      pageSize\n      items {\n        ...TemplateSignatureFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTemplateSignature($input: TemplateSignatureInput!) {\n    createTemplateSignature(input: $input) {\n      ...TemplateSignatureFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTemplateSignature($input: TemplateSignatureInput!) {\n    createTemplateSignature(input: $input) {\n      ...TemplateSignatureFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTemplateSignature($id: ID!, $input: TemplateSignatureInput!) {\n    updateTemplateSignature(id: $id, input: $input) {\n      ...TemplateSignatureFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTemplateSignature($id: ID!, $input: TemplateSignatureInput!) {\n    updateTemplateSignature(id: $id, input: $input) {\n      ...TemplateSignatureFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTemplateSignature($id: ID!) {\n    deleteTemplateSignature(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTemplateSignature($id: ID!) {\n    deleteTemplateSignature(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteVersions($id: ID!) {\n    quote(id: $id) {\n      id\n      quoteVersions {\n        id\n        number\n        publishedAt\n        publishedByName\n        publishedByEmail\n        quoteSignatures {\n          id\n          kind\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query QuoteVersions($id: ID!) {\n    quote(id: $id) {\n      id\n      quoteVersions {\n        id\n        number\n        publishedAt\n        publishedByName\n        publishedByEmail\n        quoteSignatures {\n          id\n          kind\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteVersion($quoteId: ID!, $number: Int!) {\n    quoteVersion(quoteId: $quoteId, number: $number) {\n      id\n      number\n      publishedAt\n      publishedByName\n      documentHash\n      document\n      changes\n      quoteSignatures {\n        id\n        kind\n        name\n        signatureKind\n        signature\n        signedAt\n        documentHash\n        versionNumber\n      }\n    }\n  }\n"): (typeof documents)["\n  query QuoteVersion($quoteId: ID!, $number: Int!) {\n    quoteVersion(quoteId: $quoteId, number: $number) {\n      id\n      number\n      publishedAt\n      publishedByName\n      documentHash\n      document\n      changes\n      quoteSignatures {\n        id\n        kind\n        name\n        signatureKind\n        signature\n        signedAt\n        documentHash\n        versionNumber\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;