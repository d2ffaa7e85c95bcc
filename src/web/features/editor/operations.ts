import { graphql } from "../../graphql/generated";

/**
 * (`TotalsFields` is the quote document's fragment, features/quote-document/operations.ts.)
 * The server counts fragments as depth (graphql-armor, max 10): the quote's blocks are selected
 * inline, not through a second fragment, to stay within it.
 *
 * Every GraphQL document of the block editor (quote blocks; the template screens reuse the line
 * and totals fragments). Amounts are exact decimal strings; `content` is a TipTap JSON document.
 */
export const QuoteLineItemFieldsFragment = graphql(`
  fragment QuoteLineItemFields on QuoteLineItem {
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
`);

export const QuoteBlockFieldsFragment = graphql(`
  fragment QuoteBlockFields on QuoteBlock {
    __typename
    id
    name
    content
    position
    ... on PricingQuoteBlock {
      pricingUnit
      discountType
      discountValue
      quoteLineItems {
        ...QuoteLineItemFields
      }
      totals {
        ...TotalsFields
      }
    }
  }
`);

/** The quote as the editor needs it: its settings (language, currency, status) and every block. */
export const QuoteEditorQuery = graphql(`
  query QuoteEditor($id: ID!) {
    quote(id: $id) {
      id
      quoteNumber
      name
      language
      currency
      status
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
          quoteLineItems {
            ...QuoteLineItemFields
          }
          totals {
            ...TotalsFields
          }
        }
      }
    }
    account {
      id
      country
      language
      currency
    }
  }
`);

export const QuoteBlockQuery = graphql(`
  query QuoteBlock($id: ID!) {
    quoteBlock(id: $id) {
      ...QuoteBlockFields
    }
  }
`);

export const CreateTextQuoteBlockMutation = graphql(`
  mutation CreateTextQuoteBlock($quoteId: ID!, $input: TextBlockInput!) {
    createTextQuoteBlock(quoteId: $quoteId, input: $input) {
      ...QuoteBlockFields
    }
  }
`);

export const UpdateTextQuoteBlockMutation = graphql(`
  mutation UpdateTextQuoteBlock($id: ID!, $input: TextBlockInput!) {
    updateTextQuoteBlock(id: $id, input: $input) {
      ...QuoteBlockFields
    }
  }
`);

export const CreatePricingQuoteBlockMutation = graphql(`
  mutation CreatePricingQuoteBlock($quoteId: ID!, $input: PricingBlockInput!) {
    createPricingQuoteBlock(quoteId: $quoteId, input: $input) {
      ...QuoteBlockFields
    }
  }
`);

export const UpdatePricingQuoteBlockMutation = graphql(`
  mutation UpdatePricingQuoteBlock($id: ID!, $input: PricingBlockInput!) {
    updatePricingQuoteBlock(id: $id, input: $input) {
      ...QuoteBlockFields
    }
  }
`);

export const DeleteQuoteBlockMutation = graphql(`
  mutation DeleteQuoteBlock($id: ID!) {
    deleteQuoteBlock(id: $id)
  }
`);

export const DuplicateQuoteBlockMutation = graphql(`
  mutation DuplicateQuoteBlock($id: ID!) {
    duplicateQuoteBlock(id: $id) {
      ...QuoteBlockFields
    }
  }
`);

export const UpdateQuoteBlockPositionsMutation = graphql(`
  mutation UpdateQuoteBlockPositions($quoteId: ID!, $ids: [ID!]!) {
    updateQuoteBlockPositions(quoteId: $quoteId, ids: $ids) {
      id
      quoteBlocks {
        id
        position
      }
    }
  }
`);

export const CreateQuoteBlockFromTemplateMutation = graphql(`
  mutation CreateQuoteBlockFromTemplate($quoteId: ID!, $templateBlockId: ID!) {
    createQuoteBlockFromTemplate(quoteId: $quoteId, templateBlockId: $templateBlockId) {
      ...QuoteBlockFields
    }
  }
`);

export const SaveQuoteBlockAsTemplateMutation = graphql(`
  mutation SaveQuoteBlockAsTemplate($id: ID!) {
    saveQuoteBlockAsTemplate(id: $id) {
      id
      name
    }
  }
`);

/** An image for rich text (multipart upload); the editor inserts the returned `src`. */
export const UploadRichTextImageMutation = graphql(`
  mutation UploadRichTextImage($file: File!) {
    uploadRichTextImage(file: $file) {
      src
      width
      height
    }
  }
`);
