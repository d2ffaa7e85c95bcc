import { graphql } from "../../graphql/generated";

/** The owner's signing panel on the quote page (SPEC §3 Quote.quoteSignatures, §7 mutations). */
export const QuoteSignatureFieldsFragment = graphql(`
  fragment QuoteSignatureFields on QuoteSignature {
    id
    kind
    name
    signatureKind
    signature
    signedAt
    documentHash
    versionNumber
  }
`);

export const QuoteSigningQuery = graphql(`
  query QuoteSigning($id: ID!) {
    quote(id: $id) {
      id
      status
      url
      lifecycle {
        state
        actions
      }
      quoteSignatures {
        ...QuoteSignatureFields
      }
      quoteVersions {
        id
        number
      }
      payment {
        status
        amount
        currency
        payToAccept
        paidAt
        invoiceNumber
      }
      docusignEnvelope {
        status
      }
    }
    templateSignatures(pageSize: 50) {
      items {
        id
        name
        kind
        isDefault
      }
    }
    me {
      id
      name
    }
  }
`);

export const CreateAccountSignatureMutation = graphql(`
  mutation CreateAccountSignature($quoteId: ID!, $input: CreateQuoteSignatureInput!) {
    createQuoteSignature(quoteId: $quoteId, input: $input) {
      nanoId
      quoteSignatures {
        ...QuoteSignatureFields
      }
    }
  }
`);

export const UpdateQuoteToSignedMutation = graphql(`
  mutation UpdateQuoteToSigned($id: ID!) {
    updateQuoteToSigned(id: $id) {
      id
      status
      displayStatus
      lifecycle {
        state
        actions
      }
      signedAt
      quoteSignatures {
        ...QuoteSignatureFields
      }
    }
  }
`);

/** DocuSign on the quote page (decision 059): the latest envelope, and whether the account can send. */
export const QuoteDocuSignQuery = graphql(`
  query QuoteDocuSign($id: ID!) {
    quote(id: $id) {
      id
      status
      customerDetails {
        name
        contactPerson
        email
      }
      paymentTerms {
        mode
        payToAccept
      }
      docusignEnvelope {
        envelopeId
        status
        reason
        signerName
        signerEmail
        signedDocumentUrl
        certificateUrl
      }
    }
    docusignReadiness {
      planAllows
      connected
    }
  }
`);

export const SendQuoteWithDocuSignMutation = graphql(`
  mutation SendQuoteWithDocuSign($id: ID!) {
    sendQuoteWithDocuSign(id: $id) {
      envelopeId
      status
      signerName
      signerEmail
    }
  }
`);

export const QuoteSubscriptionsQuery = graphql(`
  query QuoteSubscriptions($id: ID!) {
    quote(id: $id) {
      id
      currency
      subscriptions {
        id
        interval
        amount
        currency
        status
        startDate
        nextPaymentDate
        paymentsCount
      }
    }
    me {
      id
    }
    teamMembers {
      id
      role
      status
    }
  }
`);

export const CancelQuoteSubscriptionMutation = graphql(`
  mutation CancelQuoteSubscription($id: ID!) {
    cancelQuoteSubscription(id: $id) {
      id
      status
      nextPaymentDate
    }
  }
`);
