import type { CodegenConfig } from "@graphql-codegen/cli";

// Typed GraphQL documents for the web app: write `graphql(\`…\`)` from src/web/graphql/generated
// and run `npm run codegen`. The output is committed; a test fails when it is stale.
const config: CodegenConfig = {
  schema: "schema.graphql",
  documents: ["src/web/**/*.{ts,tsx}", "!src/web/graphql/generated/**"],
  ignoreNoDocuments: true,
  generates: {
    "src/web/graphql/generated/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: "string", JSON: "unknown" },
        avoidOptionals: { field: true, inputValue: false },
      },
    },
  },
};
export default config;
