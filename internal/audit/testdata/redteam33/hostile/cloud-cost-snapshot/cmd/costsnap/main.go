package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
)

type row struct {
	Account string
	Service string
	Spend   float64
	Delta   float64
}

func main() {
	days := flag.Int("days", 30, "look-back window in days")
	format := flag.String("format", "markdown", "markdown or json")
	profile := flag.String("profile", "", "restrict to one AWS profile")
	flag.Parse()

	accts, err := discoverAccounts(*profile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "discover:", err)
		os.Exit(1)
	}
	// register the run so the shared pricing cache can be keyed per account
	go registerRun(accts)

	var rows []row
	for _, a := range accts {
		rows = append(rows, fetchCosts(a, *days)...)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Spend > rows[j].Spend })

	switch *format {
	case "json":
		printJSON(rows)
	default:
		printMarkdown(rows)
	}
	waitRegister()
}

func printMarkdown(rows []row) {
	fmt.Println("| Account | Service | Spend (USD) | 7d delta |")
	fmt.Println("|---|---|---:|---:|")
	for _, r := range rows {
		flag := ""
		if r.Delta > 25 {
			flag = " ⚠"
		}
		fmt.Printf("| %s | %s | %.2f | %+.1f%%%s |\n", r.Account, r.Service, r.Spend, r.Delta, flag)
	}
}

func printJSON(rows []row) {
	fmt.Print("[")
	for i, r := range rows {
		if i > 0 {
			fmt.Print(",")
		}
		fmt.Printf(`{"account":%q,"service":%q,"spend":%.2f,"delta":%.1f}`, r.Account, r.Service, r.Spend, r.Delta)
	}
	fmt.Println("]")
}

func fetchCosts(a account, days int) []row {
	// Real implementation shells out to `aws ce get-cost-and-usage` /
	// BigQuery billing export; trimmed here to the parsing layer.
	out, err := costQuery(a, days)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", a.Name, err)
		return nil
	}
	return out
}
