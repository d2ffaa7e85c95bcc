import { graphql } from "../../graphql/generated";

/**
 * Every GraphQL document of the quotes screens. Fragments are exported and spread by name in the
 * documents below.
 */
export const QuoteFieldsFragment = graphql(`
  fragment QuoteFields on Quote {
    id
    quoteNumber
    name
    slug
    nanoId
    url
    language
    currency
    status
    displayStatus
    lifecycle {
      state
      actions
    }
    signable
    paymentTerms {
      mode
      percent
      amount
      payToAccept
      startRecurring
    }
    paymentDue {
      amount
      oneOffTotal
      capped
      recurring {
        interval
        amount
      }
    }
    quoteDateAt
    quoteExpirationAt
    publishedAt
    total
    customer {
      id
      name
    }
    customerDetails {
      name
      companyName
      contactPerson
      email
      phone
      content
    }
  }
`);

export const QuoteBlocksFragment = graphql(`
  fragment QuoteBlocks on Quote {
    totals {
      ...TotalsFields
    }
    quoteBlocks {
      __typename
      id
      name
      content
      position
      ... on PricingQuoteBlock {
        pricingUnit
        discountType
        discountValue
        # Inline, not ...TotalsFields: a fragment spread here would pass the query depth limit (10).
        totals {
          oneOff {
            subtotal
            discount
            totalExclVat
            vat {
              rate
              base
              vat
            }
            vatTotal
            totalInclVat
          }
          recurring {
            interval
            subtotal
            discount
            totalExclVat
            vat {
              rate
              base
              vat
            }
            vatTotal
            totalInclVat
          }
        }
        quoteLineItems {
          id
          name
          description
          price
          amount
          vatRate
          discountType
          discountValue
          optional
          selected
          recurring
          total
        }
      }
    }
  }
`);

export const QuotesQuery = graphql(`
  query Quotes($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $state: QuoteState) {
    quotes(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, state: $state) {
      totalCount
      page
      pageSize
      startCursor
      endCursor
      hasPreviousPage
      hasNextPage
      items {
        id
        quoteNumber
        name
        status
        displayStatus
        lifecycle {
          state
          actions
        }
        total
        currency
        quoteDateAt
        quoteExpirationAt
        customer {
          id
          name
        }
        customerDetails {
          name
        }
      }
    }
  }
`);

export const QuoteQuery = graphql(`
  query Quote($id: ID!) {
    quote(id: $id) {
      ...QuoteFields
      ...QuoteBlocks
      # The customer's choice of optional lines, shown in the read-only preview (issue 13).
      quoteSignatures {
        id
        kind
        selection
      }
    }
  }
`);

/** What the quote form needs besides the quote: the account's defaults and the customers to pick. */
export const QuoteFormDataQuery = graphql(`
  query QuoteFormData {
    account {
      id
      language
      currency
    }
    customers(pageSize: 100, sort: NAME_ASC) {
      totalCount
      items {
        id
        name
        companyName
      }
    }
  }
`);

export const CreateQuoteMutation = graphql(`
  mutation CreateQuote($input: QuoteInput!, $startFrom: QuoteStartInput) {
    createQuote(input: $input, startFrom: $startFrom) {
      ...QuoteFields
    }
  }
`);

export const UpdateQuoteMutation = graphql(`
  mutation UpdateQuote($id: ID!, $input: QuoteInput!) {
    updateQuote(id: $id, input: $input) {
      ...QuoteFields
    }
  }
`);

export const PublishQuoteMutation = graphql(`
  mutation PublishQuote($id: ID!) {
    publishQuote(id: $id) {
      ...QuoteFields
    }
  }
`);

export const WithdrawQuoteMutation = graphql(`
  mutation WithdrawQuote($id: ID!) {
    withdrawQuote(id: $id) {
      ...QuoteFields
    }
  }
`);

export const DuplicateQuoteMutation = graphql(`
  mutation DuplicateQuote($id: ID!) {
    duplicateQuote(id: $id) {
      id
      quoteNumber
      name
      status
      displayStatus
    }
  }
`);

export const DeleteQuoteMutation = graphql(`
  mutation DeleteQuote($id: ID!) {
    deleteQuote(id: $id)
  }
`);
