// What runs where (docs/decisions/044-ci-budget.md). Read by vitest.config.ts (the projects'
// file lists) and guarded by tests/unit/ci-plan.test.ts (every entry exists; no once-only file
// queries the database itself).

/**
 * Integration files that run on one database (PGlite), not on both: what they assert is HTTP,
 * HTML, PDF, e-mail, log or protocol output, and they reach the database only through the app's
 * API (no query, no insert, no database of their own). A file that queries the database itself
 * runs on both: the guard test fails when one is listed here.
 */
export const onceOnly = [
  "tests/integration/body-limit-drain.test.ts",
  "tests/integration/files.test.ts",
  "tests/integration/graphql-http-parity.test.ts",
  "tests/integration/identity-oidc.test.ts",
  "tests/integration/identity-smtp.test.ts",
  "tests/integration/logging.test.ts",
  "tests/integration/marketing-pages.test.ts",
  "tests/integration/quote-pdf-worker.test.ts", // no database at all: the PDF worker thread (decision 044, ninth pass)
  "tests/integration/security-http.test.ts",
  "tests/integration/security-sign-in.test.ts",
];

/**
 * On the other Node majors (`node scripts/test.mjs --other-node`, .ci/run: 22 and 24), per project,
 * what depends on the Node it runs under:
 * - the unit tests of src/shared and src/server: money, dates and text go through that Node's Intl
 *   (ICU differs by major), signing and webhooks through its node:crypto. Not those of src/web
 *   (code that runs in the browser) nor tests/unit (facts about the repository: imports, catalogs,
 *   query costs, drift, this plan), whose answer is the same under every Node (decision 044,
 *   fourth pass);
 * - the production build's adapter walk (`production`, tests/production/adapters.test.ts:
 *   build/server/main.js with each real adapter on — Mollie, SMTP, S3, OIDC over fetch/undici and
 *   sockets, the sealed PDF, sharp — on PGlite in a data folder: its wasm, its ready-migrated image,
 *   the native addon that locks the folder (fs-ext), the job worker, and its node:http fast path;
 *   and every package the bundle loads on first use): the code users run, under that Node. The other
 *   production files (the integrations: Slack, Harvest, Zapier, DocuSign, webhooks, REST, Caddy's TLS,
 *   the browser checkouts) run on Node 20 only since the sixth pass: they reach nothing of the Node
 *   the walk does not (fetch, node:crypto's HMAC and AES-GCM — also in the unit tests of src/server
 *   here —, the job worker), and took about half of this stage;
 * - one browser journey (SSR and hydration under that Node).
 * Moved to Node 20 only (decision 044, third pass): the integration files on PGlite (the lock, the
 * image, files, PDF, signing, logging, jobs-restart) and foundation on PostgreSQL. What in them
 * depends on the Node (the addon, the wasm, sharp, node:crypto, the PDF libraries) runs in the
 * production walk on that Node; the rest is the same code on the same database, and took 150
 * core-seconds of a CI whose budget is 1,200. (The pg driver, plain JavaScript over node:net, is
 * not walked on the other Nodes.) Projects not named here run on Node 20 only.
 */
export const otherNode = {
  unit: ["src/shared/**/*.test.ts", "src/server/**/*.test.ts"],
  production: ["tests/production/adapters.test.ts"],
  e2e: ["tests/e2e/shell.test.ts"],
};
