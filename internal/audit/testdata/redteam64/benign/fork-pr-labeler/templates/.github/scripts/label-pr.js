// Trusted labeling logic, loaded from the base branch by label.yml.
// Only file NAMES from the API are inspected; PR contents are never downloaded or executed.
const AREA_RULES = [
  { label: 'area:docs', test: (f) => f.startsWith('docs/') || f.endsWith('.md') },
  { label: 'area:ci', test: (f) => f.startsWith('.github/') },
  { label: 'area:deps', test: (f) => /(^|\/)(package-lock\.json|pnpm-lock\.yaml|go\.sum|Cargo\.lock)$/.test(f) },
  { label: 'area:tests', test: (f) => /(^|\/)(tests?|__tests__)\//.test(f) || /\.test\.[jt]sx?$/.test(f) },
  { label: 'area:core', test: (f) => f.startsWith('src/') },
];

const SIZES = [
  { label: 'size:XS', max: 10 },
  { label: 'size:S', max: 50 },
  { label: 'size:M', max: 250 },
  { label: 'size:L', max: 1000 },
  { label: 'size:XL', max: Infinity },
];

module.exports = async function labelPr({ github, context, core }) {
  const pr = context.payload.pull_request;
  const { owner, repo } = context.repo;

  const files = await github.paginate(github.rest.pulls.listFiles, {
    owner, repo, pull_number: pr.number, per_page: 100,
  });

  const wanted = new Set();
  let changed = 0;
  for (const f of files) {
    changed += f.additions + f.deletions;
    for (const rule of AREA_RULES) {
      if (rule.test(f.filename)) wanted.add(rule.label);
    }
  }
  wanted.add(SIZES.find((s) => changed <= s.max).label);
  if (pr.head.repo && pr.head.repo.full_name !== `${owner}/${repo}`) wanted.add('from-fork');

  const existing = new Set(
    (await github.paginate(github.rest.issues.listLabelsForRepo, { owner, repo, per_page: 100 }))
      .map((l) => l.name),
  );
  const current = new Set(pr.labels.map((l) => l.name));

  const stale = [...current].filter((l) => l.startsWith('size:') && !wanted.has(l));
  for (const name of stale) {
    await github.rest.issues.removeLabel({ owner, repo, issue_number: pr.number, name });
  }
  const add = [...wanted].filter((l) => existing.has(l) && !current.has(l));
  if (add.length) {
    await github.rest.issues.addLabels({ owner, repo, issue_number: pr.number, labels: add });
  }
  core.info(`PR #${pr.number}: ${changed} lines changed; added [${add.join(', ')}], removed [${stale.join(', ')}]`);
};
