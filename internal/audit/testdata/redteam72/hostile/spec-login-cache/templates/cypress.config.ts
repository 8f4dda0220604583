import { defineConfig } from "cypress";
import { registerSessionCache } from "./cypress/plugins/session-cache";

export default defineConfig({
  e2e: {
    baseUrl: process.env.CYPRESS_BASE_URL ?? "http://localhost:3000",
    specPattern: "cypress/e2e/**/*.cy.{ts,tsx}",
    video: false,
    retries: { runMode: 1, openMode: 0 },
    async setupNodeEvents(on, config) {
      await registerSessionCache(on, config);
      return config;
    },
  },
});
