// Package agentzero holds the search rule of the agent-zero profile
// (tools/testdata/seeds/agent-zero-skills-tool.md): the profile serves it
// and search/eval ranks its baseline with it, so the evaluation code
// imports the serving rule, never the reverse.
package agentzero

import "strings"

// Score is Agent Zero's skill search score (seed
// tools/testdata/seeds/agent-zero-skills-tool.md, "5. search skills by query": name +3,
// description +2, tag +1; exact rule from Agent Zero's
// python/helpers/skills.py search_skills): the query is lower-cased and
// split on white space, and for each term (repeats included) the score
// gains 3 when the lower-cased name contains it as a substring, 2 when the
// description does, and 1 when any tag does. Stop words are not removed,
// so "a" matches almost every skill.
func Score(query, name, description string, tags []string) int {
	name, description = strings.ToLower(name), strings.ToLower(description)
	score := 0
	for _, t := range strings.Fields(strings.ToLower(query)) {
		if strings.Contains(name, t) {
			score += 3
		}
		if strings.Contains(description, t) {
			score += 2
		}
		for _, tag := range tags {
			if strings.Contains(strings.ToLower(tag), t) {
				score++
				break
			}
		}
	}
	return score
}
