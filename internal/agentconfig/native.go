package agentconfig

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
)

// ListingBudget is how many characters of skill names and descriptions
// agent puts in its own prompt listing, or 0 when not known (then its own
// listing is taken to show every skill). Claude Code gives the listing 1%
// of the context window and falls back to 8,000 characters, cutting each
// description at 1,536 (code.claude.com/docs/en/skills, "skill listing
// budget"); SLASH_COMMAND_TOOL_CHAR_BUDGET, when set, is the budget.
func ListingBudget(agent string) (chars, perSkill int) {
	if agent != "claude" {
		return 0, 0
	}
	if n, err := strconv.Atoi(os.Getenv("SLASH_COMMAND_TOOL_CHAR_BUDGET")); err == nil && n > 0 {
		return n, 1536
	}
	return 8000, 1536
}

// NativePlan is init-agent's decision about the default skill folders an
// agent lists itself (config.NativeFolders): serve them too, or leave
// them to the agent so no skill reaches the model twice.
type NativePlan struct {
	// Folders are the agent's own folders that exist, Skills the skills
	// served from them and Chars the size of their names and descriptions
	// in the agent's listing (each description cut at the agent's limit).
	Folders []string
	Skills  int
	Chars   int
	// Others is the number of skills in the other default folders.
	Others int
	// Budget is ListingBudget's; 0 when the agent's is not known.
	Budget int
	// Serve is whether the entry serves the agent's folders too; Why says
	// so in plain words.
	Serve bool
	Why   string
}

// PlanNative decides how agent's own skill folders are served, from the
// default roots of the project wd and the home folder home:
//
//   - allRoots: served (the user asked).
//   - they hold no skills: left out, nothing is lost.
//   - their listing is over the agent's budget: served, since the agent
//     shows only part of them and search_skills finds the rest.
//   - no other default folder holds a skill: served, else the server would
//     serve nothing.
//   - otherwise: left out, the agent lists them all itself.
func PlanNative(ctx context.Context, agent, wd, home string, allRoots bool) (NativePlan, error) {
	native := config.NativeFolders(agent)
	var own, other []index.Root
	for _, r := range config.DefaultRoots(wd, home) {
		if config.RootStatus(r.Path) != "exists" {
			continue
		}
		if native[r.Folder] {
			own = append(own, index.Root{Path: r.Path, Label: r.Label})
		} else {
			other = append(other, index.Root{Path: r.Path, Label: r.Label})
		}
	}
	p := NativePlan{}
	p.Budget, _ = ListingBudget(agent)
	_, cut := ListingBudget(agent)
	for _, r := range own {
		f := config.ShortHome(r.Path, home)
		if rel, err := filepath.Rel(wd, r.Path); err == nil && !strings.HasPrefix(rel, "..") {
			f = "./" + rel
		}
		p.Folders = append(p.Folders, f)
	}
	skills, err := served(ctx, own)
	if err != nil {
		return p, err
	}
	p.Skills = len(skills)
	for _, s := range skills {
		d := len(s.Description)
		if cut > 0 {
			d = min(d, cut)
		}
		p.Chars += len(s.Name) + d + 4 // "- name: description\n"
	}
	others, err := served(ctx, other)
	if err != nil {
		return p, err
	}
	p.Others = len(others)
	name := Targets[agent].Doc
	name, _, _ = strings.Cut(name, ":")
	where := strings.Join(p.Folders, ", ")
	switch {
	case allRoots:
		p.Serve, p.Why = true, "serves every default skill folder, "+name+"'s own too (--all-roots)"
	case p.Skills == 0:
		var labels []string
		for f := range native {
			labels = append(labels, f.Label())
		}
		slices.Sort(labels)
		p.Why = fmt.Sprintf("serves the default skill folders except %s's own (%s), which it lists itself and which hold no skills now; --all-roots serves them too",
			name, strings.Join(labels, ", "))
	case p.Budget > 0 && p.Chars > p.Budget:
		p.Serve = true
		p.Why = fmt.Sprintf("serves your %d skills in %s too: their names and descriptions take %d characters and %s lists about %d, so it sees only part of them; search_skills finds every one. "+
			"To keep them out of %s's own listing, move them to ~/.config/agents/skills, which only skilldex reads",
			p.Skills, where, p.Chars, name, p.Budget, name)
	case p.Others == 0:
		p.Serve = true
		p.Why = fmt.Sprintf("serves your %d skills in %s: %s lists them itself too, but no other skill folder holds skills, so without them the server would serve nothing", p.Skills, where, name)
	default:
		p.Why = fmt.Sprintf("leaves out the %d skills in %s (%s lists all of them itself) and serves the %d in the other default folders; --all-roots serves both",
			p.Skills, where, name, p.Others)
	}
	return p, nil
}

// served lists the skills a catalog of roots serves (in memory).
func served(ctx context.Context, roots []index.Root) ([]index.Skill, error) {
	if len(roots) == 0 {
		return nil, nil
	}
	cat, err := index.Open(ctx, &index.Options{Roots: roots, Mem: true})
	if err != nil {
		return nil, err
	}
	defer cat.Close()
	return cat.List(index.ListOptions{}), nil
}
