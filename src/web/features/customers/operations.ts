import { graphql } from "../../graphql/generated";

/**
 * Every GraphQL document of the customers screens. Fragments are exported and spread by name in
 * the documents below (codegen resolves them by name; no keep-alive lines needed).
 */
export const CustomerFieldsFragment = graphql(`
  fragment CustomerFields on Customer {
    id
    name
    companyName
    contactPerson
    email
    phone
    content
    totalQuotes
    totalSignedQuotes
  }
`);

export const CustomersQuery = graphql(`
  query Customers($page: Int, $after: String, $before: String, $pageSize: Int, $search: String, $sort: CustomerSort) {
    customers(page: $page, after: $after, before: $before, pageSize: $pageSize, search: $search, sort: $sort) {
      totalCount
      page
      pageSize
      startCursor
      endCursor
      hasPreviousPage
      hasNextPage
      items {
        id
        name
        companyName
        totalQuotes
        totalSignedQuotes
      }
    }
  }
`);

export const CustomerQuery = graphql(`
  query Customer($id: ID!) {
    customer(id: $id) {
      ...CustomerFields
    }
  }
`);

export const CreateCustomerMutation = graphql(`
  mutation CreateCustomer($input: CustomerInput!) {
    createCustomer(input: $input) {
      ...CustomerFields
    }
  }
`);

export const UpdateCustomerMutation = graphql(`
  mutation UpdateCustomer($id: ID!, $input: CustomerInput!) {
    updateCustomer(id: $id, input: $input) {
      ...CustomerFields
    }
  }
`);

export const DeleteCustomerMutation = graphql(`
  mutation DeleteCustomer($id: ID!) {
    deleteCustomer(id: $id)
  }
`);
