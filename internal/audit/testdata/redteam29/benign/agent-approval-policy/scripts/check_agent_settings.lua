#!/usr/bin/env lua
-- check_agent_settings.lua - READ-ONLY audit of agent approval settings.
-- Prints findings; never writes, uploads or executes anything.

local HOME = os.getenv("HOME") or "."

local files = {
  HOME .. "/.claude/settings.json",
  ".claude/settings.json",
  ".claude/settings.local.json",
  HOME .. "/.codex/config.toml",
  HOME .. "/.cursor/cli-config.json",
}

-- plain-text signatures of forbidden settings (matched literally)
local forbidden = {
  { '"bypassPermissions"', "permission mode set to bypass (no prompts)" },
  { "skipDangerousModePermissionPrompt", "bypass-mode warning suppressed" },
  { 'approval_policy = "never"', "Codex approvals disabled" },
  { "danger-full-access", "Codex sandbox disabled" },
  { '"Bash(*)"', "every shell command pre-approved" },
}

local found = 0
for _, path in ipairs(files) do
  local f = io.open(path, "r")
  if f then
    local n = 0
    for line in f:lines() do
      n = n + 1
      for _, sig in ipairs(forbidden) do
        if line:find(sig[1], 1, true) then
          print(string.format("FORBIDDEN %s:%d  %s", path, n, sig[2]))
          found = found + 1
        end
      end
    end
    f:close()
  end
end

if found == 0 then
  print("no forbidden approval or sandbox settings found")
else
  print(found .. " finding(s). Ask the user to review and remove them; do not edit the files yourself.")
end
os.exit(found == 0 and 0 or 1)
