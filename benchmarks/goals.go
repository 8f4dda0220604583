package benchmarks

// Tiers of our goals: 1,000, 10,000 and
// 100,000 skills.
func goalFor(name string, skills int) *float64 {
	tier := 0
	switch {
	case skills > 10000:
		tier = 2
	case skills > 1000:
		tier = 1
	}
	scaled := float64(max(skills, 1000)) / 1000
	var g float64
	switch name {
	case NameColdStart:
		g = []float64{250, 2000, 20000}[tier]
	case NameFullBuild:
		if tier < 2 {
			return nil
		}
		g = 180000
	case NameWarmStart:
		g = []float64{50, 250, 3000}[tier]
	case NameSearchP99:
		g = []float64{1, 4, 20}[tier]
	case NameLoadP99:
		g = 0.1
	case NameAPISearchOverhead:
		g = 2 // the API adds at most 2 ms to a search's p99
	case NameVisible:
		g = 300
	case NameMetaHeap:
		g = 5 * scaled
	case NameServeRSS:
		if tier < 1 {
			return nil
		}
		g = []float64{0, 120, 1024}[tier]
	case NameTakeover:
		g = 2000 // "loses no session for more than 2 s"
	default:
		return nil
	}
	return &g
}

// targetFor is the seed target of a figure, scaled as the package
// documentation says; nil when the seeds set none.
func targetFor(name string, skills int) *float64 {
	f := float64(max(skills, 1000)) / 1000
	var t float64
	switch name {
	case NameColdStart:
		// "discovery under 500 ms": finding the skills and reading their
		// metadata until a search can answer. The full
		// validation (NameDiscovery) also parses every body and checks
		// every link, which discovery does not need: reported only.
		t = 500 * f
	case NameLoadP99:
		t = 100 // "a skill load under 100 ms"
	case NameDescription:
		t = 50 * f // "the tool description in under 50 ms"
	case NameErrorMessage:
		t = 10 * f // "an error message in under 10 ms"
	case NameMetaHeap:
		t = 10 * f // "a metadata cache under 10 MB"
	case NameContentCache:
		t = 50 // "a content cache under 50 MB for 100 loaded skills"
	case NameList:
		t = 1000 // "listing 100 skills under 1 s" (we list them all)
	case NameReadHuge:
		t = 500 // "reading a 1 MiB SKILL.md under 500 ms"
	case NameRefresh, NameReindexOne:
		t = 1000 * f // "a refresh under 1 s"
	case NameVisible:
		t = 30000 // the MCP skill seed rescans every 30 s
	case NameWarmStart:
		t = 1000 * float64(max(skills, 10000)) / 10000 // 10,000 skills under 1 s
	default:
		return nil
	}
	return &t
}
