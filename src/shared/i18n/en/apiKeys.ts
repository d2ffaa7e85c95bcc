/** API keys and the REST API (issue 23, decision 050): server messages and the Developers screen's key list. */
export default {
  roles: {
    ADMIN: "Admin",
    READ_ONLY: "Read-only",
  },
  validation: {
    nameRequired: "Give the key a name (e.g. the integration that uses it).",
    nameTooLong: "The name can be at most 100 characters.",
    roleInvalid: "Choose Admin or Read-only.",
    expiresInPast: "The expiry date must be in the future.",
  },
  errors: {
    notFound: "This API key does not exist.",
    tooMany: "An account can have at most {{max}} active API keys. Revoke one you no longer use.",
    personRequired:
      "An API key cannot do this: sign in as a person (team changes, e-mails sent in someone's name and API keys themselves are managed by people).",
    invalidKey: "The API key is not valid: it is unknown, revoked or expired.",
    readOnly: "This API key is read-only: it cannot change anything.",
  },
  rest: {
    titles: {
      badRequest: "Bad request",
      unauthorized: "Unauthorized",
      forbidden: "Forbidden",
      notFound: "Not found",
      methodNotAllowed: "Method not allowed",
      conflict: "Conflict",
      payloadTooLarge: "Payload too large",
      unsupportedMediaType: "Unsupported media type",
      tooManyRequests: "Too many requests",
      internal: "Internal server error",
    },
    missingKey: "An API key is required: send it as Authorization: Bearer ofr_live_….",
    notFound: "No such resource.",
    methodNotAllowed: "This method is not allowed here.",
    invalidJson: "The request body is not valid JSON.",
    unsupportedMediaType: "Send the request body as application/json.",
    invalidRequest: "Some fields are not valid.",
    invalidQuery: "Some query parameters are not valid.",
    unknownTemplate: "No such template in this account.",
    unknownCustomer: "No such customer in this account.",
  },
} as const;
