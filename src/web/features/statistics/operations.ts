import { graphql } from "../../graphql/generated";

/** Every GraphQL document of the statistics screens (dashboard, quote page, quotes list). */
export const StatisticsOverviewQuery = graphql(`
  query StatisticsOverview($from: String!, $to: String!) {
    quoteStatisticsOverview(from: $from, to: $to) {
      from
      to
      timeZone
      averageTime
      totalQuoteViews
      totalQuotesPublished
      totalQuotesSigned
      totalQuotesPaid
      paymentsReceived {
        currency
        count
        amount
      }
      entries {
        date
        averageTime
        quoteViews
        quotesPublished
        quotesSigned
      }
    }
  }
`);

export const DashboardAccountQuery = graphql(`
  query DashboardAccount {
    me {
      id
      name
      email
    }
    account {
      id
      name
      timeZone
      hasQuoteViews
    }
  }
`);

export const LatestQuotesQuery = graphql(`
  query LatestQuotes {
    quotes(page: 1, pageSize: 5) {
      totalCount
      items {
        id
        quoteNumber
        name
        displayStatus
        lifecycle {
          state
        }
        customerDetails {
          name
        }
      }
    }
  }
`);

export const QuoteListStatisticsQuery = graphql(`
  query QuoteListStatistics($quoteIds: [ID!]!) {
    quoteListStatistics(quoteIds: $quoteIds) {
      quote {
        id
      }
      views
      totalTime
    }
  }
`);

export const QuoteStatisticsQuery = graphql(`
  query QuoteStatistics($quoteId: ID!) {
    quoteStatistics(quoteId: $quoteId) {
      quoteId
      views
      totalTime
      averageTime
      timeEntries {
        insertedAt
        totalTime
      }
      blocks {
        blockId
        name
        totalTime
      }
    }
  }
`);

export const QuoteSubscriptionsOverviewQuery = graphql(`
  query QuoteSubscriptionsOverview {
    quoteSubscriptionsOverview {
      activeCount
      nextCharge {
        date
        amount
        currency
        quoteId
        quoteNumber
      }
      perInterval {
        interval
        currency
        count
        amount
      }
    }
  }
`);
