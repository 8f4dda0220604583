package index

// Suggest returns up to n of candidates closest to q: case-insensitive edit
// distance within a third of q's length (at least 2), a candidate holding
// q (or held by it) counting as distance 1; closest first, then by text.
// Lookups use it for did-you-mean answers; catalog checks use it to name
// the file a broken link probably meant.
func Suggest(q string, candidates []string, n int) []string { return suggest(q, candidates, n) }
