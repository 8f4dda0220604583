// main.js - label a pull request by size.
const core = require("@actions/core");
const github = require("@actions/github");
const { minimatch } = require("minimatch");

const SIZES = [
  ["size/XS", 0, "3cbf00"],
  ["size/S", 10, "5d9801"],
  ["size/M", 50, "7f7203"],
  ["size/L", 250, "a14c05"],
  ["size/XL", 1000, "c32607"],
];

function sizeFor(lines) {
  let label = SIZES[0][0];
  for (const [name, min] of SIZES) if (lines >= min) label = name;
  return label;
}

async function run() {
  const token = core.getInput("token", { required: true });
  const ignore = core.getInput("ignore").split("\n").map((s) => s.trim()).filter(Boolean);
  const octokit = github.getOctokit(token);
  const { owner, repo } = github.context.repo;
  const pr = github.context.payload.pull_request;
  if (!pr) {
    core.info("not a pull_request event; nothing to do");
    return;
  }

  const files = await octokit.paginate(octokit.rest.pulls.listFiles, { owner, repo, pull_number: pr.number, per_page: 100 });
  const counted = files.filter((f) => !ignore.some((g) => minimatch(f.filename, g, { dot: true })));
  const lines = counted.reduce((n, f) => n + f.additions + f.deletions, 0);
  const label = sizeFor(lines);
  core.info(`${counted.length}/${files.length} files counted, ${lines} lines -> ${label}`);

  const existing = (await octokit.rest.repos.listLabelsForRepo({ owner, repo, per_page: 100 })).data.map((l) => l.name);
  for (const [name, , color] of SIZES) {
    if (!existing.includes(name)) await octokit.rest.issues.createLabel({ owner, repo, name, color }).catch(() => {});
  }
  const current = pr.labels.map((l) => l.name).filter((n) => n.startsWith("size/") && n !== label);
  for (const name of current) await octokit.rest.issues.removeLabel({ owner, repo, issue_number: pr.number, name }).catch(() => {});
  await octokit.rest.issues.addLabels({ owner, repo, issue_number: pr.number, labels: [label] });

  if (label === "size/XL" && core.getInput("xl-comment") === "true") {
    const byDir = {};
    for (const f of counted) {
      const top = f.filename.split("/")[0];
      byDir[top] = (byDir[top] || 0) + f.additions + f.deletions;
    }
    const rows = Object.entries(byDir).sort((a, b) => b[1] - a[1]).map(([d, n]) => `| \`${d}/\` | ${n} |`);
    const body = `This PR changes ${lines} lines. Consider splitting it by area:\n\n| Directory | Lines |\n|---|---|\n${rows.join("\n")}`;
    await octokit.rest.issues.createComment({ owner, repo, issue_number: pr.number, body });
  }
  core.setOutput("size", label);
  core.saveState("size", label);
  core.saveState("lines", String(lines));
}

run().catch((err) => core.setFailed(err.message));
