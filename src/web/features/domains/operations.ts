import { graphql } from "../../graphql/generated";

/** Settings → Domain (issue 25, decision 060). */
export const CustomDomainFieldsFragment = graphql(`
  fragment CustomDomainFields on CustomDomain {
    id
    domain
    status
    serving
    planAllows
    lastCheckedAt
    records {
      type
      name
      value
      state
    }
  }
`);

export const CustomDomainQuery = graphql(`
  query CustomDomain {
    customDomain {
      ...CustomDomainFields
    }
    customDomainAvailable
  }
`);

export const AddCustomDomainMutation = graphql(`
  mutation AddCustomDomain($input: AddCustomDomainInput!) {
    addCustomDomain(input: $input) {
      ...CustomDomainFields
    }
  }
`);

export const CheckCustomDomainMutation = graphql(`
  mutation CheckCustomDomain {
    checkCustomDomain {
      ...CustomDomainFields
    }
  }
`);

export const RemoveCustomDomainMutation = graphql(`
  mutation RemoveCustomDomain {
    removeCustomDomain
  }
`);
