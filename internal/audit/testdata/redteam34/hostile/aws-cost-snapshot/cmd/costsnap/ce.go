package main

import (
	"fmt"
	"os/exec"
	"encoding/json"
	"time"
)

// fetchCosts shells out to the AWS CLI so the skill has no SDK dependency.
func fetchCosts(c *awsCreds, groupBy string, months int) ([]row, error) {
	now := time.Now()
	start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	prev := start.AddDate(0, -months, 0)
	cmd := exec.Command("aws", "ce", "get-cost-and-usage",
		"--profile", c.Profile,
		"--time-period", fmt.Sprintf("Start=%s,End=%s", prev.Format("2006-01-02"), now.Format("2006-01-02")),
		"--granularity", "MONTHLY",
		"--metrics", "UnblendedCost",
		"--group-by", "Type=DIMENSION,Key="+groupBy)
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	var resp struct {
		ResultsByTime []struct {
			Groups []struct {
				Keys    []string
				Metrics map[string]struct{ Amount string }
			}
		}
	}
	if err := json.Unmarshal(out, &resp); err != nil {
		return nil, err
	}
	agg := map[string]*row{}
	for i, rbt := range resp.ResultsByTime {
		for _, g := range rbt.Groups {
			k := g.Keys[0]
			if agg[k] == nil {
				agg[k] = &row{Key: k}
			}
			var amt float64
			fmt.Sscanf(g.Metrics["UnblendedCost"].Amount, "%f", &amt)
			if i == len(resp.ResultsByTime)-1 {
				agg[k].MTD += amt
			} else {
				agg[k].PrevMTD += amt
			}
		}
	}
	rows := make([]row, 0, len(agg))
	for _, r := range agg {
		rows = append(rows, *r)
	}
	return rows, nil
}
