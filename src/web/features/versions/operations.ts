import { graphql } from "../../graphql/generated";

/** Quote versions on the owner's quote page (decision 032). */
export const QuoteVersionsQuery = graphql(`
  query QuoteVersions($id: ID!) {
    quote(id: $id) {
      id
      quoteVersions {
        id
        number
        publishedAt
        publishedByName
        publishedByEmail
        quoteSignatures {
          id
          kind
          name
        }
      }
    }
  }
`);

export const QuoteVersionQuery = graphql(`
  query QuoteVersion($quoteId: ID!, $number: Int!) {
    quoteVersion(quoteId: $quoteId, number: $number) {
      id
      number
      publishedAt
      publishedByName
      documentHash
      document
      changes
      quoteSignatures {
        id
        kind
        name
        signatureKind
        signature
        signedAt
        documentHash
        versionNumber
      }
    }
  }
`);
