import { GraphQLError } from "graphql";
import { CombinedError } from "urql";
import { describe, expect, it } from "vitest";
import { applyRefusal } from "./form";
import { serverRefusal } from "./mutation-errors";

const refused = (code: string, message: string, fields?: Record<string, string>) =>
  new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions: { code, ...(fields ? { fields } : {}) } })] });

describe("server refusals reach the user", () => {
  it("keeps the message of an explained refusal, also when it has field messages", () => {
    const error = refused("BAD_USER_INPUT", "Choose a customer before publishing.", { customerId: "Choose a customer before publishing." });
    expect(serverRefusal(error, "Something went wrong")).toEqual({
      message: "Choose a customer before publishing.",
      code: "BAD_USER_INPUT",
      fields: { customerId: "Choose a customer before publishing." },
    });
    expect(serverRefusal(refused("FORBIDDEN", "You may not do this."), "generic").message).toBe("You may not do this.");
    expect(serverRefusal(refused("CONFLICT", "Only a draft can be published."), "generic").message).toBe("Only a draft can be published.");
  });

  it("says 'Something went wrong' only for what the server did not explain", () => {
    expect(serverRefusal(refused("INTERNAL_SERVER_ERROR", "Unexpected error."), "Something went wrong").message).toBe("Something went wrong");
    expect(serverRefusal(new CombinedError({ networkError: new Error("offline") }), "Something went wrong").message).toBe("Something went wrong");
  });
});

describe("applyRefusal maps server field messages onto the form", () => {
  function fakeForm(values: Record<string, unknown>) {
    const errors: Record<string, string> = {};
    const form = {
      getValues: () => values,
      setError: (name: string, error: { message: string }) => {
        errors[name] = error.message;
      },
    };
    return { form: form as unknown as Parameters<typeof applyRefusal>[0], errors };
  }

  it("puts each known field's message on that field", () => {
    const { form, errors } = fakeForm({ name: "", email: "x" });
    const message = applyRefusal(
      form,
      { message: "Please enter a name.", code: "BAD_USER_INPUT", fields: { name: "Please enter a name.", "signUp.companyName": "Too long." } },
      { "signUp.companyName": "email" },
    );
    expect(errors).toEqual({ name: "Please enter a name.", email: "Too long." });
    expect(message).toBe("Please enter a name.");
  });

  it("makes a refusal without a field of this form the form's own error", () => {
    const { form, errors } = fakeForm({ name: "" });
    applyRefusal(form, {
      message: "Choose a customer before publishing.",
      code: "BAD_USER_INPUT",
      fields: { customerId: "Choose a customer before publishing." },
    });
    expect(errors).toEqual({ "root.server": "Choose a customer before publishing." });
  });
});
