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
  "tests/integration/security-http.test.ts",
  "tests/integration/security-sign-in.test.ts",
];

/**
 * On the other Node majors (`node scripts/test.mjs --other-node`, .ci/run: 22 and 24), per project,
 * what depends on the Node it runs under: every unit test (fast); the integration files whose
 * code path goes through a native addon (fs-ext: the data-folder lock; sharp), PGlite's wasm and
 * worker threads, node:crypto signing, the PDF renderer, fetch/undici clients (S3, Mollie, OIDC),
 * sockets (SMTP, node:http's fast path), streams and logging; the pg driver on one file; and the
 * browser smoke journeys (the built server, SSR and hydration under that Node). Projects not named
 * here (e.g. production) run on the machine's Node only.
 */
export const otherNode = {
  unit: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
  "integration-pglite": [
    "tests/integration/pglite-lock.test.ts",
    "tests/integration/pglite-image.test.ts",
    "tests/integration/foundation.test.ts",
    "tests/integration/files.test.ts",
    "tests/integration/files-route.test.ts",
    "tests/integration/graphql-http-parity.test.ts",
    "tests/integration/security-http.test.ts",
    "tests/integration/quote-pdf.test.ts",
    "tests/integration/signing.test.ts",
    "tests/integration/identity-oidc.test.ts",
    "tests/integration/identity-smtp.test.ts",
    "tests/integration/billing.test.ts",
    "tests/integration/logging.test.ts",
    "tests/integration/jobs-restart.test.ts",
  ],
  "integration-postgres": ["tests/integration/foundation.test.ts", "tests/integration/jobs-restart.test.ts"],
  e2e: ["tests/e2e/shell.test.ts", "tests/e2e/identity.test.ts"],
};
