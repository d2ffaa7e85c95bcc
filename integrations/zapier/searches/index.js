const { apiUrl } = require("../lib/api");
const samples = require("../lib/samples");

const findCustomer = {
  key: "findCustomer",
  noun: "Customer",
  display: { label: "Find Customer", description: "Finds customers by e-mail address (the newest first)." },
  operation: {
    inputFields: [{ key: "email", label: "E-mail address", required: true, helpText: "Matched exactly, ignoring upper and lower case." }],
    perform: async (z, bundle) => {
      const response = await z.request({ url: apiUrl(bundle, "/customers"), params: { email: String(bundle.inputData.email || "").trim() } });
      return response.data.items;
    },
    sample: samples.customer,
  },
};

module.exports = [findCustomer];
