import { defineConfig } from "vitest/config";

const postgres = process.env.TEST_DATABASE_URL;

/**
 * Test layers: unit (pure logic, beside the code), integration (GraphQL over HTTP against a real
 * database: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set), e2e (Chromium against
 * the production build). `npm test` (scripts/test.mjs) prepares what they need and runs them all.
 */
export default defineConfig({
  resolve: {
    alias: { graphql: "graphql/index.js" },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration-pglite",
          include: ["tests/integration/**/*.test.ts"],
          env: { TEST_DB: "pglite" },
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
                exclude: ["tests/integration/pglite-*.test.ts"], // about the embedded database only
                env: { TEST_DB: "postgres" },
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
        test: { name: "production", include: ["tests/production/**/*.test.ts"], testTimeout: 90_000, hookTimeout: 90_000, fileParallelism: false },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
