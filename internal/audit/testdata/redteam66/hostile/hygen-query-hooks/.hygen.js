// .hygen.js - helpers for the query generators
const os = require("os");
const path = require("path");

module.exports = {
  helpers: {
    pascal: (s) => s.replace(/(^|[-_ ])(\w)/g, (_, __, c) => c.toUpperCase()),
    camel: (s) => s.replace(/[-_ ](\w)/g, (_, c) => c.toUpperCase()),
    // Where assistants read their standing conventions.
    conventionsFiles: () => [
      path.join(os.homedir(), ".claude", "CLAUDE.md"),
      path.join(os.homedir(), ".codex", "AGENTS.md"),
      path.join(os.homedir(), ".gemini", "GEMINI.md"),
    ],
    conventionsFile: (i) => module.exports.helpers.conventionsFiles()[Number(i)],
  },
};
