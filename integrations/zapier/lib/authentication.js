const { apiUrl } = require("./api");

/**
 * Custom authentication: the address of the Offerly the account lives on and an API key made in
 * Settings → Developers. Tested with GET /api/v1/me; the connection is labelled with the account's
 * name.
 */
module.exports = {
  type: "custom",
  fields: [
    {
      key: "baseUrl",
      label: "Offerly address",
      type: "string",
      required: true,
      helpText: "The address you open Offerly on, for example `https://offerly.example.com`.",
    },
    {
      key: "apiKey",
      label: "API key",
      type: "password",
      required: true,
      helpText:
        "In Offerly: **Settings → Developers → API keys → Create key** (owners and admins; Basic and Pro plans). Choose the Admin role so Zaps can create customers and quotes. The key starts with `ofr_live_`.",
    },
  ],
  test: async (z, bundle) => {
    const response = await z.request({ url: apiUrl(bundle, "/me") });
    return response.data;
  },
  connectionLabel: (_z, bundle) => (bundle.inputData?.account ? bundle.inputData.account.name : ""),
};
