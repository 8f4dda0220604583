package search

import "testing"

// TestLeadBoost: a skill whose opening words say what the query asks
// ("Popups that collect emails from visitors about to leave") ranks above
// one that lists the same words at the end of a long trigger list and in
// its tags and body; with the lead factor off the trigger list wins.
func TestLeadBoost(t *testing.T) {
	docs := append(filler(30),
		Doc{ID: "popups", Name: "lead-capture", Description: "Popups that collect emails from visitors about to leave. Use when planning the offer, its timing and its copy."},
		Doc{ID: "retention", Name: "retention", Description: "Retention playbook for subscription apps: cancellation flows, dunning, win-back and save offers, churn surveys, and popups that collect emails from visitors about to leave.",
			Tags: []string{"popups", "emails"}, Body: "Exit popups collect emails from visitors; retention emails bring visitors back."},
	)
	checkNameRule(t, docs, "popups to collect emails from visitors who leave", "popups", func(tu *tuning) { tu.lead = 0 })
}
