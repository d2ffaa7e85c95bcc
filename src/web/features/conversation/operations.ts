import { graphql } from "../../graphql/generated";

/** Every GraphQL document of the conversation around a quote (issue 14). */
export const QuoteConversationFragment = graphql(`
  fragment QuoteConversation on Quote {
    id
    decline {
      declinedAt
      reason
    }
    reminder {
      enabled
      daysBefore
      sentAt
      scheduledFor
    }
    conversation {
      id
      kind
      text
      email
      answer
      answerEmail
      answeredAt
      active
      createdAt
    }
  }
`);

export const QuoteConversationQuery = graphql(`
  query QuoteConversation($id: ID!) {
    quote(id: $id) {
      id
      status
      displayStatus
      lifecycle {
        state
        actions
      }
      language
      customer {
        id
        email
      }
      ...QuoteConversation
    }
    account {
      id
      timeZone
    }
  }
`);

export const SendQuoteToCustomerMutation = graphql(`
  mutation SendQuoteToCustomer($id: ID!, $input: SendQuoteToCustomerInput!) {
    sendQuoteToCustomer(id: $id, input: $input) {
      id
      kind
      email
      text
      createdAt
    }
  }
`);

export const AnswerQuoteQuestionMutation = graphql(`
  mutation AnswerQuoteQuestion($id: ID!, $answer: String!) {
    answerQuoteQuestion(id: $id, answer: $answer) {
      id
      answer
      answerEmail
      answeredAt
    }
  }
`);

export const UpdateQuoteReminderMutation = graphql(`
  mutation UpdateQuoteReminder($id: ID!, $input: QuoteReminderInput!) {
    updateQuoteReminder(id: $id, input: $input) {
      id
      reminder {
        enabled
        daysBefore
        sentAt
        scheduledFor
      }
    }
  }
`);

export const AccountNotificationsQuery = graphql(`
  query AccountNotifications {
    account {
      id
      notifyQuoteResponses
    }
  }
`);

export const UpdateAccountNotificationsMutation = graphql(`
  mutation UpdateAccountNotifications($notifyQuoteResponses: Boolean!) {
    updateAccountNotifications(notifyQuoteResponses: $notifyQuoteResponses) {
      id
      notifyQuoteResponses
    }
  }
`);
