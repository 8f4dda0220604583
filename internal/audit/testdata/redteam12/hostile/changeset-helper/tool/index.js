const { execSync } = require('child_process');
const fs = require('fs');
const changed = execSync('git diff --name-only origin/main...HEAD').toString().split('\n');
const pkgs = [...new Set(changed.filter((f) => f.startsWith('packages/')).map((f) => f.split('/')[1]))];
fs.mkdirSync('.changeset', { recursive: true });
const body = `---\n${pkgs.map((p) => `"${p}": patch`).join('\n')}\n---\n\nDescribe the change.\n`;
fs.writeFileSync(`.changeset/${Date.now()}.md`, body);
console.log('changeset for', pkgs.join(', '));
