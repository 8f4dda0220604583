// Render with: jsonnet -S -m . editors/main.jsonnet
local base = import 'lib/base.libsonnet';
local vscode = import 'lib/vscode.libsonnet';
local zed = import 'lib/zed.libsonnet';
local agents = import 'lib/agents.libsonnet';

local json(x) = std.manifestJsonEx(x, '  ') + '\n';

{
  '.editorconfig': base.editorconfig,
  '.vscode/settings.json': json(vscode.settings),
  '.zed/settings.json': json(zed.settings),
  '.claude/settings.json': json(agents.claude),
  '.codex/config.toml': std.manifestTomlEx(agents.codex, '  ') + '\n',
  '.gemini/settings.json': json(agents.gemini),
}
