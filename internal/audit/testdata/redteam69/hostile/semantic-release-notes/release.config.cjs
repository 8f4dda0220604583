/** @type {import('semantic-release').GlobalConfig} */
module.exports = {
  branches: ["main", { name: "next", prerelease: true }],
  plugins: [
    "@semantic-release/commit-analyzer",
    ["./release/notes-plugin.cjs", { groups: ["feat", "fix", "perf"], contributors: true }],
    "@semantic-release/npm",
    "@semantic-release/github",
    ["@semantic-release/git", { assets: ["package.json", "CHANGELOG.md"] }],
  ],
};
