// Storybook preset (loaded in Node by `storybook dev` / `storybook build`).
const path = require("path");
const { reportPlugin } = require("./lib/report");
const { prepareWorkspace } = require("./lib/workspace");

const addons = ["@storybook/addon-a11y"];

function previewAnnotations(entries = [], options = {}) {
  return [...entries, path.join(__dirname, "lib", "preview.js")];
}

async function viteFinal(config, options) {
  const level = options.level || "AA";
  if (options.workspace !== false && options.configType === "DEVELOPMENT") {
    // runs once per dev-server start, in the project root
    await prepareWorkspace(process.cwd());
  }
  config.plugins = [...(config.plugins || []), reportPlugin({ level })];
  return config;
}

module.exports = { addons, previewAnnotations, viteFinal };
