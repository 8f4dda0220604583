package audit

import (
	"sync"
)

// Which way a script moves an agent's permissions, for rule agent-tamper.
// A permissions auditor that reads ~/.claude/settings.json and writes it
// back with `Bash(*)` taken out of the allow list and bypassPermissions
// turned off writes the agent's settings in the home folder, as an
// attacker does, but every change it makes lowers what the agent may do:
// nothing the agent obeys next comes from the script. A reader of a
// language (pyagenttighten.go, jqtighten.go) that can tell every change a
// script makes to the settings it writes back hands each change to
// settingsChangeTightens; one change it cannot read, or one that widens,
// keeps the write high.

// settingsChange is one change a script makes to an agent's settings:
// what it does (set, delete, remove, add) at a key path.
type settingsChange int

const (
	// changeSet sets the key to a literal value.
	changeSet settingsChange = iota
	// changeDelete deletes the key (and what it holds).
	changeDelete
	// changeRemove removes entries from the list or map the key holds
	// (a filter of its own entries, .remove, .pop of one).
	changeRemove
	// changeAdd adds entries to the list or map the key holds.
	changeAdd
)

// settingsKeyTables are the keys settingsChangeTightens knows, made on
// first use (lazy.go).
type settingsKeyTables struct {
	// grantContainers are the lists and maps of an agent's settings
	// whose entries each let the agent do more: Claude Code's allow
	// list, extra folders and enabled MCP servers, the MCP servers of
	// every client, Cline's and Roo's auto-approved tools, Gemini CLI's
	// allowed tools, Claude Code's commands excluded from its sandbox.
	grantContainers map[string]bool
	// restrictContainers are the lists whose entries each take
	// something from the agent: deny and ask rules, disabled servers,
	// Gemini CLI's excluded tools.
	restrictContainers map[string]bool
	// grantFlags are the switches that let the agent do more when on:
	// Claude Code's skipped bypass prompt, all project MCP servers,
	// sandbox escapes; Gemini CLI's auto-accept and yolo.
	grantFlags map[string]bool
	// restrictFlags are the switches that take something from the
	// agent when on (Claude Code's disableAllHooks).
	restrictFlags map[string]bool
	// modeKeys are the settings naming how far the agent may go without
	// asking, each with the values that keep it asking or sandboxed:
	// Claude Code's defaultMode, Codex's approval_policy and
	// sandbox_mode, Gemini CLI's approval mode.
	modeKeys map[string]map[string]bool
}

// settingsKeys returns the tables, built once.
var settingsKeys = sync.OnceValue(func() *settingsKeyTables {
	return &settingsKeyTables{
		grantContainers: map[string]bool{
			"allow": true, "additionalDirectories": true, "enabledMcpjsonServers": true, "mcpServers": true,
			"alwaysAllow": true, "autoApprove": true, "allowedTools": true, "allowed_tools": true,
			"autoAllowedCommands": true, "excludedCommands": true, "trusted_folders": true,
		},
		restrictContainers: map[string]bool{
			"deny": true, "ask": true, "disabledMcpjsonServers": true, "excludeTools": true, "deniedTools": true,
		},
		grantFlags: map[string]bool{
			"skipDangerousModePermissionPrompt": true, "enableAllProjectMcpServers": true, "autoAccept": true,
			"yolo": true, "dangerouslySkipPermissions": true, "autoAllowBashIfSandboxed": true,
			"allowUnsandboxedCommands": true, "network_access": true, "bypassPermissions": true,
		},
		restrictFlags: map[string]bool{"disableAllHooks": true},
		modeKeys: map[string]map[string]bool{
			"defaultMode":                  {"default": true, "plan": true},
			"approval_policy":              {"untrusted": true, "on-request": true, "on-failure": true},
			"approvalPolicy":               {"untrusted": true, "on-request": true, "on-failure": true},
			"sandbox_mode":                 {"read-only": true, "workspace-write": true},
			"sandboxMode":                  {"read-only": true, "workspace-write": true},
			"defaultApprovalMode":          {"default": true},
			"approvalMode":                 {"default": true},
			"disableBypassPermissionsMode": {"disable": true},
		},
	}
})

// settingsChangeTightens reports whether change ch at key path path
// (the keys from the settings' root; "" where the script's key is not a
// literal, the keys joined by keyAlt where it is a loop variable over
// literal keys), with value val for changeSet ("true", "false", "null", a
// string's text, "[]" or "{}"), only lowers what the agent may do:
// entries removed from a grant list or map (allow, mcpServers) or the
// list deleted, a grant switch turned off or deleted, a mode set to one
// that asks or sandboxes or deleted (its default asks), entries added
// to deny or ask, the sandbox or disableAllHooks turned on. Anything
// else (a hook, an env entry, a deny entry removed, an unknown key) is
// not known to tighten.
func settingsChangeTightens(path []string, ch settingsChange, val string) bool {
	if len(path) == 0 {
		return false
	}
	if pathHasAlt(path) {
		// a loop variable's keys: the change must tighten at each
		return expandAlt(path, func(p []string) bool { return settingsChangeTightens(p, ch, val) })
	}
	kt := settingsKeys()
	k := path[len(path)-1]
	parent := ""
	if len(path) > 1 {
		parent = path[len(path)-2]
	}
	switch ch {
	case changeDelete:
		if k == "" {
			return kt.grantContainers[parent] // an entry of a grant map or list
		}
		return kt.grantContainers[k] || kt.grantFlags[k] || kt.modeKeys[k] != nil && k != "disableBypassPermissionsMode" || kt.grantContainers[parent]
	case changeRemove:
		return kt.grantContainers[k]
	case changeAdd:
		return kt.restrictContainers[k]
	case changeSet:
		switch {
		case kt.modeKeys[k] != nil:
			return kt.modeKeys[k][val]
		case kt.grantFlags[k]:
			return val == "false" || val == "null"
		case kt.restrictFlags[k]:
			return val == "true"
		case k == "enabled" && parent == "sandbox":
			return val == "true"
		case kt.grantContainers[k]:
			return val == "[]" || val == "{}"
		}
	}
	return false
}
