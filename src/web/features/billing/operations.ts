import { graphql } from "../../graphql/generated";

/** Every GraphQL document of the billing screens and the expired-plan modal. */
export const AccountPlanQuery = graphql(`
  query AccountPlan {
    me {
      id
      email
    }
    account {
      id
      name
      subscriptionPlan
      subscriptionInterval
      expiredAt
      billingFirstName
      billingLastName
      billingStreetAndNumber
      billingStreetAdditional
      billingPostalCode
      billingCity
      billingCountry
      country
      identityAccountsUsers {
        role
        identityUser {
          email
        }
      }
    }
  }
`);

export const BillingQuery = graphql(`
  query Billing {
    billing {
      subscription {
        plan
        effectivePlan
        interval
        expiredAt
        trial
        expired
        expiresToday
        daysLeft
        trialDaysLeft
        renews
        canceledAt
        vatNumber
        canChangePlan
        scheduledChange {
          plan
          interval
          effectiveAt
        }
      }
      payments {
        id
        plan
        interval
        sequenceType
        purpose
        status
        netCents
        vatCents
        totalCents
        createdAt
        paidAt
      }
      invoices {
        id
        number
        paymentId
        issuedAt
        totalCents
        url
      }
    }
  }
`);

export const CreateFirstSubscriptionPaymentMutation = graphql(`
  mutation CreateFirstSubscriptionPayment($input: CreateFirstSubscriptionPaymentInput!) {
    createFirstSubscriptionPayment(input: $input) {
      status
      checkoutUrl
    }
  }
`);

export const CancelSubscriptionMutation = graphql(`
  mutation CancelSubscription {
    cancelSubscription {
      status
    }
  }
`);

export const PlanChangePreviewQuery = graphql(`
  query PlanChangePreview($plan: Plan!, $interval: SubscriptionInterval!) {
    billing {
      changePreview(plan: $plan, interval: $interval) {
        kind
        plan
        interval
        effectiveAt
        dueNowCents
        renewalCents
        pendingSignatures
        losesSigning
      }
    }
  }
`);

export const ChangeSubscriptionMutation = graphql(`
  mutation ChangeSubscription($input: ChangeSubscriptionInput!) {
    changeSubscription(input: $input) {
      kind
      status
      effectiveAt
      checkoutUrl
    }
  }
`);
