import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "__SERVER_NAME__", version: "0.1.0" });

server.tool(
  "echo",
  "Echo the given text back. Use to check the server is connected.",
  { text: z.string().describe("Text to echo") },
  async ({ text }) => ({ content: [{ type: "text", text }] }),
);

const transport = new StdioServerTransport();
await server.connect(transport);
console.error("__SERVER_NAME__ running on stdio");
