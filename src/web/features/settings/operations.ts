import { graphql } from "../../graphql/generated";

/** Every GraphQL document of the account settings screens (general, styling) and the account menu. */
export const AccountSettingsFieldsFragment = graphql(`
  fragment AccountSettingsFields on Account {
    id
    name
    country
    currency
    language
    vatNumber
    billingFirstName
    billingLastName
    billingStreetAndNumber
    billingStreetAdditional
    billingPostalCode
    billingCity
    billingCountry
    quoteStreetAndNumber
    quotePostalCode
    quoteCity
    timeZone
    notifyFirstView
    linkColor
    textColor
    textFont
    fileUrl(version: 1)
    viewerRole
  }
`);

export const AccountSettingsQuery = graphql(`
  query AccountSettings {
    account {
      ...AccountSettingsFields
    }
  }
`);

export const UpdateAccountMutation = graphql(`
  mutation UpdateAccount($input: UpdateAccountInput!) {
    updateAccount(input: $input) {
      ...AccountSettingsFields
    }
  }
`);

export const UpdateAccountStylingMutation = graphql(`
  mutation UpdateAccountStyling($input: UpdateAccountStylingInput!) {
    updateAccountStyling(input: $input) {
      ...AccountSettingsFields
    }
  }
`);

export const UpdateAccountLogoMutation = graphql(`
  mutation UpdateAccountLogo($file: File!) {
    updateAccountLogo(file: $file) {
      ...AccountSettingsFields
    }
  }
`);

export const RemoveAccountLogoMutation = graphql(`
  mutation RemoveAccountLogo {
    removeAccountLogo {
      ...AccountSettingsFields
    }
  }
`);

export const CreateAccountMutation = graphql(`
  mutation CreateAccount($input: CreateAccountInput!) {
    createAccount(input: $input) {
      id
      name
    }
  }
`);
