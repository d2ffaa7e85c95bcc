/** Messages the server sends back in GraphQL errors, in the user's language. */
export default {
  badRequest: "The request could not be understood.",
  invalidJson: "The request body is not valid JSON.",
  unknownOperation: "Unknown operation: {{name}}",
  mutationOverGet: "Mutations must be sent with POST.",
  csrfMissing: "Missing the required x-graphql-csrf header (or a content type of application/json).",
  tooComplex: "The query is too deep or too expensive.",
  unauthenticated: "Please sign in to continue.",
  forbidden: "You do not have access to this.",
  accountRequired: "Choose an account first (the Account header is missing or names an account you do not belong to).",
  invalidPage: "Page must be 1 or more and page size between 1 and {{max}}.",
  alreadyRegistered: "You have already completed your registration.",
  notFound: "Not found.",
  invalidInput: "Some fields are not valid.",
  internal: "Something went wrong",
  rateLimited: "Too many requests. Please wait a moment and try again.",
} as const;
