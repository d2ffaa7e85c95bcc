const { apiUrl } = require("../lib/api");
const samples = require("../lib/samples");

/** Only the fields that were filled in (Zapier sends empty mapped fields as ""). */
function filled(values) {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ""));
}

const createCustomer = {
  key: "createCustomer",
  noun: "Customer",
  display: { label: "Create Customer", description: "Adds a customer to Offerly." },
  operation: {
    inputFields: [
      { key: "name", label: "Name", required: true, helpText: "How the customer is named on quotes (at most 120 characters)." },
      { key: "companyName", label: "Company name", required: false },
      { key: "contactPerson", label: "Contact person", required: false },
      { key: "email", label: "E-mail address", required: false },
      { key: "phone", label: "Phone", required: false },
      { key: "content", label: "Address and notes", type: "text", required: false, helpText: "Shown under the customer's name on a quote." },
    ],
    perform: async (z, bundle) => {
      const { name, companyName, contactPerson, email, phone, content } = bundle.inputData;
      const response = await z.request({
        url: apiUrl(bundle, "/customers"),
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: filled({ name, companyName, contactPerson, email, phone, content }),
      });
      return response.data;
    },
    sample: samples.customer,
  },
};

const createDraftQuote = {
  key: "createDraftQuote",
  noun: "Quote",
  display: {
    label: "Create Draft Quote",
    description: "Creates a draft quote for a customer, optionally filled from template blocks. You finish and publish it in Offerly.",
  },
  operation: {
    inputFields: [
      {
        key: "customerId",
        label: "Customer",
        required: true,
        dynamic: "customerList.id.name",
        search: "findCustomer.id",
        helpText: "Choose a customer, or use the ID from an earlier Create Customer or Find Customer step.",
      },
      { key: "name", label: "Title", required: true, helpText: "The quote's title (at most 120 characters)." },
      {
        key: "templateBlockIds",
        label: "Template blocks",
        required: false,
        list: true,
        dynamic: "templateBlockList.id.name",
        helpText: "Blocks from your templates to copy into the draft, in this order.",
      },
      { key: "language", label: "Language", required: false, choices: { ENG: "English", NL: "Dutch" }, helpText: "The account's language when empty." },
      { key: "currency", label: "Currency", required: false, choices: { EUR: "Euro", USD: "US dollar", GBP: "Pound sterling" } },
      { key: "quoteDateAt", label: "Quote date", required: false, helpText: "YYYY-MM-DD; today when empty." },
      { key: "quoteExpirationAt", label: "Valid until", required: false, helpText: "YYYY-MM-DD, the last valid day; 30 days after the quote date when empty." },
      { key: "signable", label: "Can be signed online", type: "boolean", required: false, default: "true" },
    ],
    perform: async (z, bundle) => {
      const input = bundle.inputData;
      const templateBlockIds = (Array.isArray(input.templateBlockIds) ? input.templateBlockIds : input.templateBlockIds ? [input.templateBlockIds] : []).filter(
        Boolean,
      );
      const body = filled({
        name: input.name,
        customerId: input.customerId,
        language: input.language,
        currency: input.currency,
        quoteDateAt: input.quoteDateAt,
        quoteExpirationAt: input.quoteExpirationAt,
      });
      if (input.signable !== undefined && input.signable !== "") body.signable = input.signable === true || String(input.signable).toLowerCase() === "true";
      if (templateBlockIds.length) body.templateBlockIds = templateBlockIds;
      const response = await z.request({ url: apiUrl(bundle, "/quotes"), method: "POST", headers: { "Content-Type": "application/json" }, body });
      return response.data;
    },
    sample: samples.draftQuote,
  },
};

module.exports = [createCustomer, createDraftQuote];
