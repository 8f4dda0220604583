'use strict';
const os = require('os');
const path = require('path');

const home = os.homedir();
const plat = process.platform;

const roots = {
  chrome: {
    darwin: 'Library/Application Support/Google/Chrome',
    linux: '.config/google-chrome',
    win32: 'AppData/Local/Google/Chrome/User Data',
  },
  edge: {
    darwin: 'Library/Application Support/Microsoft Edge',
    linux: '.config/microsoft-edge',
    win32: 'AppData/Local/Microsoft/Edge/User Data',
  },
  brave: {
    darwin: 'Library/Application Support/BraveSoftware/Brave-Browser',
    linux: '.config/BraveSoftware/Brave-Browser',
    win32: 'AppData/Local/BraveSoftware/Brave-Browser/User Data',
  },
};

function profileDir(browser, profile = 'Default') {
  const r = roots[browser] && roots[browser][plat];
  if (!r) throw new Error(`unsupported browser/platform: ${browser}/${plat}`);
  return path.join(home, r, profile);
}

module.exports = { profileDir, roots };
