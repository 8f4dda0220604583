package config

import (
	"os"
	"path/filepath"
	"strings"
)

// SkillFolder is a place agents read skills from: a folder relative to the
// project (walked from the working folder up to the repository root, as
// Codex and OpenCode do), to the home folder, or an absolute system folder.
type SkillFolder struct {
	rel   string
	scope string // "project", "user" or "system"
	// readers are the agents that load this folder natively (names as
	// init-agent knows them); init-agent leaves these out of the entry it
	// writes for such an agent, so no skill reaches the model twice.
	readers []string
	// why is shown by skilldex config.
	why string
}

// SkillFolders are the default roots, highest priority first: project
// folders before the user's, .agents/skills (the cross-agent folder) first,
// then each agent's own; the folders of older skilldex defaults (.agent,
// .wave) come last. Sources, read in November 2026:
//
//   - Codex (developers.openai.com/codex/skills): .agents/skills from the
//     working folder up to the repo root, ~/.agents/skills, ~/.codex/skills
//     ($CODEX_HOME), /etc/codex/skills.
//   - Claude Code (code.claude.com/docs): .claude/skills, ~/.claude/skills,
//     plugin skills under ~/.claude/plugins/cache.
//   - GitHub Copilot (docs.github.com, agent skills; VS Code and Copilot
//     CLI): .github/skills, .claude/skills, .agents/skills,
//     ~/.copilot/skills, ~/.claude/skills, ~/.agents/skills.
//   - Cursor (cursor.com/docs/context/skills): .cursor/skills,
//     .agents/skills, ~/.cursor/skills, ~/.agents/skills, and the Claude
//     folders.
//   - Gemini CLI (geminicli.com/docs/cli/skills): .gemini/skills or its
//     .agents/skills alias, ~/.gemini/skills or ~/.agents/skills.
//   - OpenCode (opencode.ai/docs/skills): .opencode/skills, .claude/skills,
//     .agents/skills walked up to the git worktree; ~/.config/opencode/skills,
//     ~/.claude/skills, ~/.agents/skills.
//   - Windsurf (docs.windsurf.com): .windsurf/skills, ~/.codeium/windsurf/skills.
var SkillFolders = []SkillFolder{
	{".agents/skills", "project", []string{"codex", "cursor", "vscode", "copilot", "gemini", "opencode", "windsurf"}, "the cross-agent project folder (Codex, Cursor, Copilot, Gemini CLI, OpenCode, ...)"},
	{".claude/skills", "project", []string{"claude", "cursor", "vscode", "copilot", "opencode"}, "Claude Code's project folder (also read by Copilot, Cursor, OpenCode)"},
	{".github/skills", "project", []string{"vscode", "copilot"}, "GitHub Copilot's project folder (VS Code, Copilot CLI)"},
	{".cursor/skills", "project", []string{"cursor"}, "Cursor's project folder"},
	{".gemini/skills", "project", []string{"gemini"}, "Gemini CLI's project folder"},
	{".opencode/skills", "project", []string{"opencode"}, "OpenCode's project folder"},
	{".windsurf/skills", "project", []string{"windsurf"}, "Windsurf's project folder"},
	{".agents/skills", "user", []string{"codex", "cursor", "vscode", "copilot", "gemini", "opencode"}, "the cross-agent personal folder"},
	{".claude/skills", "user", []string{"claude", "cursor", "vscode", "copilot", "opencode"}, "Claude Code's personal folder"},
	{".copilot/skills", "user", []string{"vscode", "copilot"}, "GitHub Copilot's personal folder"},
	{".cursor/skills", "user", []string{"cursor"}, "Cursor's personal folder"},
	{".config/agents/skills", "user", nil, "the cross-agent personal folder under ~/.config"},
	{".codex/skills", "user", []string{"codex"}, "Codex's personal folder ($CODEX_HOME/skills)"},
	{".gemini/skills", "user", []string{"gemini"}, "Gemini CLI's personal folder"},
	{".config/opencode/skills", "user", []string{"opencode"}, "OpenCode's personal folder"},
	{".codeium/windsurf/skills", "user", []string{"windsurf"}, "Windsurf's personal folder"},
	{"/etc/codex/skills", "system", []string{"codex"}, "Codex's system-wide folder"},
	{".claude/plugins/cache", "user", []string{"claude"}, "skills of installed Claude Code plugins"},
	{".agent/skills", "project", nil, "older skilldex default (project)"},
	{".agent/skills", "user", nil, "older skilldex default (personal)"},
	{".wave/skills", "project", nil, "older skilldex default (Wave project folder)"},
	{".wave/skills", "user", nil, "older skilldex default (Wave personal folder)"},
}

// DefaultRoot is one default root as skilldex config shows it.
type DefaultRoot struct {
	Path, Label, Why string
	Folder           *SkillFolder
}

// DefaultRoots are the roots used when no --dir, SKILLDEX_DIRS or config
// file names any, in SkillFolders' order, with project folders in wd and
// (those that exist) in each folder above it up to the repository root,
// nearest first, and the user's under home. A folder reached two ways (the home folder is
// the project, a link between two of them) is kept once, at its first
// place. Folders that do not exist are kept (they may appear while serve
// runs); skilldex config says which exist.
func DefaultRoots(wd, home string) []DefaultRoot {
	levels := ProjectLevels(wd)
	var out []DefaultRoot
	seen := map[string]bool{}
	add := func(p, label, why string, f *SkillFolder) {
		key := p
		if real, err := filepath.EvalSymlinks(p); err == nil {
			key = real
		}
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, DefaultRoot{Path: p, Label: label, Why: why, Folder: f})
	}
	for i := range SkillFolders {
		f := &SkillFolders[i]
		switch f.scope {
		case "project":
			for j, dir := range levels {
				p, why := filepath.Join(dir, f.rel), f.why
				if j > 0 {
					// Folders above the working folder only when they
					// exist: the list stays readable.
					if _, err := os.Stat(p); err != nil {
						continue
					}
					why += ", in a folder above the working folder"
				}
				add(p, "project", why, f)
			}
		case "user":
			if home == "" {
				continue
			}
			p := filepath.Join(home, f.rel)
			if f.rel == ".codex/skills" && os.Getenv("CODEX_HOME") != "" {
				p = filepath.Join(os.Getenv("CODEX_HOME"), "skills")
			}
			label := "global"
			if f.rel == ".wave/skills" {
				label = "personal" // Wave's own word for it
			}
			add(p, label, f.why, f)
		case "system":
			add(f.rel, "global", f.why, f)
		}
	}
	return out
}

// ProjectLevels are wd and the folders above it up to the repository root
// (the nearest folder holding .git), nearest first; just wd when wd is not
// inside a repository, so nothing above an unrelated folder is read.
func ProjectLevels(wd string) []string {
	var levels []string
	for dir := wd; ; dir = filepath.Dir(dir) {
		levels = append(levels, dir)
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return levels
		}
		if parent := filepath.Dir(dir); parent == dir {
			return []string{wd}
		}
	}
}

// RootStatus says whether a root exists, for skilldex config.
func RootStatus(p string) string {
	st, err := os.Stat(p)
	switch {
	case err != nil && os.IsNotExist(err):
		return "missing"
	case err != nil:
		return "unreadable"
	case !st.IsDir():
		return "not a folder"
	}
	return "exists"
}

// RelToWD shortens paths below the working folder to relative ones, which
// read and paste better; others stay absolute.
func RelToWD(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return rel
	}
	return p
}

// ShortHome writes p with ~ for the home folder, for display.
func ShortHome(p, home string) string {
	if home != "" && (p == home || strings.HasPrefix(p, home+string(filepath.Separator))) {
		return "~" + p[len(home):]
	}
	return p
}

// SkillAgents are the agents whose natively loaded folders --for-agent can
// leave out (init-agent's targets, but "generic").
var SkillAgents = []string{"claude", "codex", "copilot", "cursor", "gemini", "opencode", "vscode", "windsurf"}

// NativeFolders are the SkillFolders agent loads itself; nil for "".
func NativeFolders(agent string) map[*SkillFolder]bool {
	if agent == "" {
		return nil
	}
	out := map[*SkillFolder]bool{}
	for i := range SkillFolders {
		for _, r := range SkillFolders[i].readers {
			if r == agent {
				out[&SkillFolders[i]] = true
			}
		}
	}
	return out
}

// Label is how init-agent names a default skill folder: ./REL in the
// project, ~/REL in the home folder, the path itself otherwise.
func (f *SkillFolder) Label() string {
	switch f.scope {
	case "user":
		return "~/" + f.rel
	case "project":
		return "./" + f.rel
	}
	return f.rel
}

// SeedRoots are the default roots of a profile whose seed names its own
// folders, in the seed's order (first match wins a shared name), or nil
// when profiles is not exactly one such profile (the agents' folders,
// DefaultRoots, apply then):
//
//   - universal (seeds/mcp-skill-tool.md, "Priority Order"; tools/PROFILES.md
//     decision 11): ./.agent/skills (project), ~/.agent/skills (global),
//     ./.claude/skills (project), ~/.claude/skills (global).
//   - wave (seeds/wave-skill-tool.md, "Directory Structure Contract"):
//     {workdir}/.wave/skills (project) before ~/.wave/skills (personal).
//
// The list-get and agent-zero seeds read one "configured skills folder"
// and name no default, so those profiles keep DefaultRoots.
func SeedRoots(profiles []string, wd, home string) []DefaultRoot {
	if len(profiles) != 1 {
		return nil
	}
	type folder struct{ rel, label, why string }
	var fs []folder
	switch profiles[0] {
	case "universal":
		fs = []folder{
			{"./.agent/skills", "project", "the universal seed's project folder (priority 1)"},
			{"~/.agent/skills", "global", "the universal seed's global folder (priority 2)"},
			{"./.claude/skills", "project", "the universal seed's project Claude folder (priority 3)"},
			{"~/.claude/skills", "global", "the universal seed's global Claude folder (priority 4)"},
		}
	case "wave":
		fs = []folder{
			{"./.wave/skills", "project", "the wave seed's project folder"},
			{"~/.wave/skills", "personal", "the wave seed's personal folder"},
		}
	default:
		return nil
	}
	out := make([]DefaultRoot, 0, len(fs))
	for _, f := range fs {
		p := filepath.Join(wd, f.rel[2:])
		if strings.HasPrefix(f.rel, "~/") {
			if home == "" {
				continue
			}
			p = filepath.Join(home, f.rel[2:])
		}
		out = append(out, DefaultRoot{Path: p, Label: f.label, Why: f.why})
	}
	return out
}
