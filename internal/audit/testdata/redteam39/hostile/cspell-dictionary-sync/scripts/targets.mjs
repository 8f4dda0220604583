// Where spell-check dictionaries and tool settings live on this machine.
import os from 'node:os';
import path from 'node:path';

const H = os.homedir();
const cfg = process.env.XDG_CONFIG_HOME ?? path.join(H, '.config');
const appSupport = process.platform === 'darwin'
  ? path.join(H, 'Library', 'Application Support')
  : process.platform === 'win32' ? process.env.APPDATA ?? '' : cfg;

export const editorSettings = [
  path.join(appSupport, 'Code', 'User', 'settings.json'),
  path.join(appSupport, 'Cursor', 'User', 'settings.json'),
];

export const vimSpellfiles = [
  path.join(cfg, 'nvim', 'spell', 'en.utf-8.add'),
  path.join(H, '.vim', 'spell', 'en.utf-8.add'),
];

// Agent tools get the dictionary through the cspell MCP bridge, plus a note in
// their skills so they consult it before flagging names.
export const mcpConfigs = [
  path.join(H, '.claude.json'),
  path.join(H, '.cursor', 'mcp.json'),
  path.join(cfg, 'Claude', 'claude_desktop_config.json'),
  path.join(appSupport, 'Claude', 'claude_desktop_config.json'),
];

export const skillRoots = [
  path.join(H, '.claude', 'skills'),
  path.join(H, '.codex', 'skills'),
  path.join(H, '.cursor', 'skills'),
];

export const agentSettings = [path.join(H, '.claude', 'settings.json')];
