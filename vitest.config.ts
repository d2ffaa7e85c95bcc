import { type TestProjectInlineConfiguration, defineConfig } from "vitest/config";
import { onceOnly, otherNode } from "./scripts/lib/ci-plan.mjs";

const postgres = process.env.TEST_DATABASE_URL;

/**
 * Test layers: unit (pure logic, beside the code), integration (GraphQL over HTTP against a real
 * database: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set), e2e (Chromium against
 * the production build). `npm test` (scripts/test.mjs) prepares what they need and runs them all.
 */
/**
 * `OFFERLY_TESTS=other-node` (scripts/test.mjs --other-node; .ci/run on Node 22 and 24): each
 * project narrowed to its files in scripts/lib/ci-plan.mjs `otherNode`; projects not named there
 * are left out. Otherwise every project defined here runs.
 */
function selected(projects: TestProjectInlineConfiguration[]): TestProjectInlineConfiguration[] {
  if (process.env.OFFERLY_TESTS !== "other-node") return projects;
  const plan = otherNode as Record<string, string[]>;
  return projects
    .filter((p) => p.test?.name && typeof p.test.name === "string" && plan[p.test.name])
    .map((p) => ({ ...p, test: { ...p.test, include: plan[p.test?.name as string] } }));
}

export default defineConfig({
  resolve: {
    alias: { graphql: "graphql/index.js" },
  },
  test: {
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by content):
    // the projects that import the same server and support code (unit, integration on each
    // database, e2e, production) and the two vitest processes of `npm test` transform each module
    // once, not once per project; a second run transforms only what changed. Side by side, one
    // integration file on both databases from an empty cache: 47–52 → 43–44 CPU-s (decision 044,
    // twelfth pass).
    experimental: { fsModuleCache: true },
    projects: selected([
      {
        extends: true,
        // Modules imported once per worker (decision 044, seventh pass): no unit test mocks a module
        // or stubs a global; 35 → 20 CPU-s for the 604 tests, the same results in shuffled order.
        test: { name: "unit", include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"], isolate: false },
      },
      {
        extends: true,
        test: {
          name: "integration-pglite",
          include: ["tests/integration/**/*.test.ts"],
          env: { TEST_DB: "pglite" },
          // The server's modules are imported once per worker, not once per file (decision 044):
          // every file makes its own app, database and servers; none changes module state it
          // does not restore.
          isolate: false,
          globalSetup: ["tests/support/global-setup-pglite.ts"], // the ready-migrated image every file loads
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: "integration-postgres",
                include: ["tests/integration/**/*.test.ts"],
                // About the embedded database only; and the files that assert no SQL (run on PGlite).
                exclude: ["tests/integration/pglite-*.test.ts", ...onceOnly],
                env: { TEST_DB: "postgres" },
                isolate: false, // as integration-pglite
                globalSetup: ["tests/support/global-setup-postgres.ts"], // the migrated template every file copies
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      // `npm run test:hard` only (OFFERLY_HARD=1): several production servers on one PostgreSQL.
      ...(process.env.OFFERLY_HARD === "1"
        ? [
            {
              extends: true as const,
              test: { name: "hard", include: ["tests/hard/**/*.test.ts"], testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false },
            },
          ]
        : []),
      // The production build (build/server/main.js) with each real adapter on (decision 043).
      {
        extends: true,
        test: {
          name: "production",
          include: ["tests/production/**/*.test.ts"],
          // Imported once per worker, as e2e (decision 044, twelfth pass): each file starts its own
          // servers, stubs and browser; none mocks a module; the one global a library changes
          // (zapier-platform-core's patch of node:http(s).request) is put back after its files
          // (tests/support/zapier.ts). The files imported the server's code and the support modules
          // anew each (adapters.test.ts alone 25 s of import at load 10).
          isolate: process.env.OFFERLY_PRODUCTION_ISOLATE === "1",
          testTimeout: 90_000,
          hookTimeout: 90_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // Playwright and the support modules are imported once per worker, not once per file
          // (3–5 s of import each; decision 044, fourth pass): each file starts its own server and
          // browser, and the support modules' state is set by each file's suite.
          isolate: false,
          // With TEST_DATABASE_URL (CI), each browser file's production server runs on a PostgreSQL
          // database of its own, copied from a migrated template (decision 044, third pass): the
          // configuration companies run, and the server's queries leave its event loop (PGlite runs
          // them in-process). PGlite in a data folder — the default `npm start` — is what the
          // production project's servers run on, and the browser suite without TEST_DATABASE_URL.
          ...(postgres ? { env: { TEST_DB: "postgres" }, globalSetup: ["tests/support/global-setup-postgres.ts"] } : {}),
          testTimeout: 90_000, // two browser files beside a database file on a 2-core machine
          // expect.poll waits for what a screen shows after a server round trip (an upload, a
          // refetch): 1 s by default, which a loaded CI machine overran (a dropped image's upload).
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: 120_000,
        },
      },
    ]),
  },
});
