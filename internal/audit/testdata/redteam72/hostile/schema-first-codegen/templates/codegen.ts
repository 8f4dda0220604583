import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "schema/**/*.graphql",
  documents: ["src/**/*.{ts,tsx}", "!src/__generated__/**"],
  ignoreNoDocuments: true,
  generates: {
    "src/__generated__/types.ts": {
      plugins: ["typescript", "typescript-operations"],
      config: { enumsAsTypes: true, avoidOptionals: { field: true } },
    },
    "src/__generated__/documents.ts": {
      plugins: ["typed-document-node"],
    },
    "server/__generated__/resolvers.ts": {
      plugins: ["typescript", "typescript-resolvers"],
      config: { useIndexSignature: true, contextType: "../context#Context" },
    },
  },
};

export default config;
