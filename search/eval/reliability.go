package eval

// ReliabilityBins is the number of equal-width Confidence bins of a
// Reliability table: [0, 0.1), [0.1, 0.2), ... [0.9, 1].
const ReliabilityBins = 10

// ReliabilityBin is one row of a reliability table: of the queries whose
// first hit had a Confidence in [Low, High), how many had it right.
type ReliabilityBin struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"` // exclusive, except the last bin's 1
	// Queries counts the queries (answerable and NoAnswer) whose first hit
	// fell in the bin; Right those whose first hit is an expected skill (a
	// NoAnswer query's first hit is never right).
	Queries int `json:"queries"`
	Right   int `json:"right"`
	// MeanConfidence is the average first-hit Confidence of the bin; 0
	// when it is empty. A calibrated ranker has Right/Queries close to it.
	MeanConfidence float64 `json:"mean_confidence"`
}

// Rate is Right / Queries, 0 for an empty bin.
func (b ReliabilityBin) Rate() float64 {
	if b.Queries == 0 {
		return 0
	}
	return float64(b.Right) / float64(b.Queries)
}

// Reliability bins the first hit of every result by its Confidence and
// counts how often it was right: the calibration of a ranker's Confidence
// (a reliability diagram as a table). Results without hits are left out;
// so are all results when the ranker reports no Confidence (every first
// hit 0), in which case every bin is empty.
func Reliability(results []QueryResult) []ReliabilityBin {
	bins := make([]ReliabilityBin, ReliabilityBins)
	sum := make([]float64, ReliabilityBins)
	for i := range bins {
		bins[i].Low = float64(i) / ReliabilityBins
		bins[i].High = float64(i+1) / ReliabilityBins
	}
	any := false
	for _, r := range results {
		if len(r.Hits) > 0 && r.Hits[0].Confidence > 0 {
			any = true
			break
		}
	}
	if !any {
		return bins
	}
	for _, r := range results {
		if len(r.Hits) == 0 {
			continue
		}
		c := r.Hits[0].Confidence
		i := min(max(int(c*ReliabilityBins), 0), ReliabilityBins-1)
		bins[i].Queries++
		sum[i] += c
		if !r.NoAnswer && r.Rank == 1 {
			bins[i].Right++
		}
	}
	for i := range bins {
		if bins[i].Queries > 0 {
			bins[i].MeanConfidence = sum[i] / float64(bins[i].Queries)
		}
	}
	return bins
}
