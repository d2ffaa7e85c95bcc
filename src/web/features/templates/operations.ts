import { graphql } from "../../graphql/generated";

/** Every GraphQL document of the templates screens (text and pricing templates, signature templates). */
export const TemplateLineItemFieldsFragment = graphql(`
  fragment TemplateLineItemFields on TemplateLineItem {
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

export const TemplateBlockFieldsFragment = graphql(`
  fragment TemplateBlockFields on TemplateBlock {
    __typename
    id
    name
    content
    createdAt
    updatedAt
    ... on PricingTemplateBlock {
      pricingUnit
      discountType
      discountValue
      templateLineItems {
        ...TemplateLineItemFields
      }
      totals {
        ...TotalsFields
      }
    }
  }
`);

export const TemplateBlocksQuery = graphql(`
  query TemplateBlocks($page: Int, $pageSize: Int, $kind: BlockKind, $search: String) {
    templateBlocks(page: $page, pageSize: $pageSize, kind: $kind, search: $search) {
      totalCount
      page
      pageSize
      items {
        __typename
        id
        name
        updatedAt
        ... on PricingTemplateBlock {
          pricingUnit
          templateLineItems {
            id
          }
          totals {
            ...TotalsFields
          }
        }
      }
    }
  }
`);

/** A template with what its editor needs: the account's defaults (language and currency to type money in, country for VAT). */
export const TemplateBlockQuery = graphql(`
  query TemplateBlock($id: ID!) {
    templateBlock(id: $id) {
      ...TemplateBlockFields
    }
  }
`);

export const TemplateEditorAccountQuery = graphql(`
  query TemplateEditorAccount {
    account {
      id
      country
      language
      currency
    }
  }
`);

export const CreateTextTemplateBlockMutation = graphql(`
  mutation CreateTextTemplateBlock($input: TextBlockInput!) {
    createTextTemplateBlock(input: $input) {
      ...TemplateBlockFields
    }
  }
`);

export const UpdateTextTemplateBlockMutation = graphql(`
  mutation UpdateTextTemplateBlock($id: ID!, $input: TextBlockInput!) {
    updateTextTemplateBlock(id: $id, input: $input) {
      ...TemplateBlockFields
    }
  }
`);

export const CreatePricingTemplateBlockMutation = graphql(`
  mutation CreatePricingTemplateBlock($input: PricingBlockInput!) {
    createPricingTemplateBlock(input: $input) {
      ...TemplateBlockFields
    }
  }
`);

export const UpdatePricingTemplateBlockMutation = graphql(`
  mutation UpdatePricingTemplateBlock($id: ID!, $input: PricingBlockInput!) {
    updatePricingTemplateBlock(id: $id, input: $input) {
      ...TemplateBlockFields
    }
  }
`);

export const DeleteTemplateBlockMutation = graphql(`
  mutation DeleteTemplateBlock($id: ID!) {
    deleteTemplateBlock(id: $id)
  }
`);

export const DuplicateTemplateBlockMutation = graphql(`
  mutation DuplicateTemplateBlock($id: ID!) {
    duplicateTemplateBlock(id: $id) {
      id
      name
    }
  }
`);

export const TemplateSignatureFieldsFragment = graphql(`
  fragment TemplateSignatureFields on TemplateSignature {
    id
    name
    kind
    signature
    isDefault
  }
`);

export const TemplateSignaturesQuery = graphql(`
  query TemplateSignatures($page: Int, $pageSize: Int) {
    templateSignatures(page: $page, pageSize: $pageSize) {
      totalCount
      page
      pageSize
      items {
        ...TemplateSignatureFields
      }
    }
  }
`);

export const CreateTemplateSignatureMutation = graphql(`
  mutation CreateTemplateSignature($input: TemplateSignatureInput!) {
    createTemplateSignature(input: $input) {
      ...TemplateSignatureFields
    }
  }
`);

export const UpdateTemplateSignatureMutation = graphql(`
  mutation UpdateTemplateSignature($id: ID!, $input: TemplateSignatureInput!) {
    updateTemplateSignature(id: $id, input: $input) {
      ...TemplateSignatureFields
    }
  }
`);

export const DeleteTemplateSignatureMutation = graphql(`
  mutation DeleteTemplateSignature($id: ID!) {
    deleteTemplateSignature(id: $id)
  }
`);
