/**
 * Offerly's app on Zapier's platform (issue 24, docs/decisions/056-zapier-app.md). Plain CommonJS
 * on zapier-platform-core: no build step, `zapier push` sends this folder as it is.
 */
const { version: platformVersion } = require("zapier-platform-core");
const { version } = require("./package.json");
const { addApiKey, handleProblems } = require("./lib/api");
const authentication = require("./lib/authentication");
const triggers = require("./triggers");
const creates = require("./creates");
const searches = require("./searches");

const byKey = (list) => Object.fromEntries(list.map((item) => [item.key, item]));

module.exports = {
  version,
  platformVersion,
  authentication,
  beforeRequest: [addApiKey],
  afterResponse: [handleProblems],
  triggers: byKey(triggers),
  creates: byKey(creates),
  searches: byKey(searches),
  searchOrCreates: {
    findCustomer: {
      key: "findCustomer",
      display: { label: "Find or Create Customer", description: "Finds a customer by e-mail address, or creates one." },
      search: "findCustomer",
      create: "createCustomer",
    },
  },
};
