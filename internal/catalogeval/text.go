package catalogeval

import (
	"fmt"
	"io"
	"strings"

	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/skilldex/skilldex/search/eval"
)

// WriteText writes the metrics table for a person (one column per ranker),
// each ranker's misses and the confidence reliability table.
func (out *Output) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%d queries from %s, %d skills, top %d\n", out.Queries, out.File, out.Skills, out.K)
	if out.HybridQueries > 0 || out.SemanticError != "" {
		fmt.Fprintf(w, "hybrid search (embedding model) on %d of %d queries\n", out.HybridQueries, out.Queries)
	}
	if out.SemanticError != "" {
		fmt.Fprintf(w, "not all hybrid: %s\n", out.SemanticError)
	}
	fmt.Fprintln(w)
	header := []string{"METRIC"}
	for _, r := range out.Rankers {
		header = append(header, strings.ToUpper(r.Name))
	}
	frac := func(n, of int) string { return fmt.Sprintf("%d/%d  %.3f", n, of, float64(n)/float64(max(of, 1))) }
	metrics := []struct {
		name string
		get  func(m eval.Metrics) string
	}{
		{"recall@1", func(m eval.Metrics) string { return frac(m.Hits1, m.Queries) }},
		{"recall@3", func(m eval.Metrics) string { return frac(m.Hits3, m.Queries) }},
		{"recall@10", func(m eval.Metrics) string { return frac(m.Hits10, m.Queries) }},
		{"MRR", func(m eval.Metrics) string { return fmt.Sprintf("%.3f", m.MRR) }},
		{"nDCG@10", func(m eval.Metrics) string { return fmt.Sprintf("%.3f", m.NDCG10) }},
	}
	var rows [][]string
	for _, m := range metrics {
		row := []string{m.name}
		for _, r := range out.Rankers {
			row = append(row, m.get(r.Metrics))
		}
		rows = append(rows, row)
	}
	if err := termtext.Table(w, header, rows); err != nil {
		return err
	}
	for _, r := range out.Rankers {
		if len(r.Categories) > 0 {
			fmt.Fprintf(w, "\n%s by category\n", r.Name)
			crow := [][]string{}
			for _, c := range append(r.Categories, eval.CategoryMetrics{Category: "all", Metrics: r.Metrics}) {
				m := c.Metrics
				crow = append(crow, []string{c.Category, fmt.Sprint(m.Queries), fmt.Sprintf("%.3f", m.Recall1),
					fmt.Sprintf("%.3f", m.Recall3), fmt.Sprintf("%.3f", m.Recall10), fmt.Sprintf("%.3f", m.MRR)})
			}
			if err := termtext.Table(w, []string{"CATEGORY", "N", "R@1", "R@3", "R@10", "MRR"}, crow); err != nil {
				return err
			}
		}
		if a := r.Abstention; a.NoAnswer > 0 || a.WronglyFlagged > 0 {
			fmt.Fprintf(w, "\n%s abstention: no_good_match on %s of the queries nothing fits; on %s of the correct first answers\n",
				r.Name, frac(a.Flagged, a.NoAnswer), frac(a.WronglyFlagged, a.CorrectFirst))
		}
		var rel [][]string
		for _, b := range r.Reliability {
			if b.Queries > 0 {
				rel = append(rel, []string{fmt.Sprintf("%.1f-%.1f", b.Low, b.High), fmt.Sprint(b.Queries),
					fmt.Sprint(b.Right), fmt.Sprintf("%.2f", b.Rate()), fmt.Sprintf("%.2f", b.MeanConfidence)})
			}
		}
		if len(rel) > 0 {
			fmt.Fprintf(w, "\n%s reliability (first hit's confidence: how often it was right)\n", r.Name)
			if err := termtext.Table(w, []string{"CONFIDENCE", "QUERIES", "RIGHT", "RATE", "MEAN CONF"}, rel); err != nil {
				return err
			}
		}
	}
	for _, r := range out.Rankers {
		var misses, confident []Query
		for _, q := range r.Queries {
			switch {
			case q.NoAnswer && !q.NoGoodMatch:
				confident = append(confident, q)
			case !q.NoAnswer && q.Rank != 1:
				misses = append(misses, q)
			}
		}
		if len(confident) > 0 {
			fmt.Fprintf(w, "\n%s: %d queries nothing fits answered without no_good_match\n", r.Name, len(confident))
			for _, q := range confident {
				top := ""
				if len(q.Above) > 0 {
					top = fmt.Sprintf(" (first: %s %.3g)", q.Above[0].ID, q.Above[0].Score)
				}
				fmt.Fprintf(w, "  %q%s\n", q.Query, top)
			}
		}
		fmt.Fprintf(w, "\n%s: %d of %d queries without an expected skill first\n", r.Name, len(misses), r.Metrics.Queries)
		for _, q := range misses {
			where := fmt.Sprintf("expected at rank %d", q.Rank)
			if q.Rank == 0 {
				where = fmt.Sprintf("no expected skill in the top %d", out.K)
			}
			fmt.Fprintf(w, "  %q: %s (%s)\n", q.Query, where, strings.Join(q.Expected, ", "))
			for _, h := range q.Above {
				mark := ""
				if h.Grade == eval.GradeAcceptable {
					mark = "  (acceptable)"
				}
				fmt.Fprintf(w, "    %2d. %s  %.3g%s\n", h.Rank, h.ID, h.Score, mark)
			}
		}
	}
	return nil
}
