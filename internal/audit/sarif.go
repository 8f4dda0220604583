package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"
)

// SARIFOptions tune WriteSARIF.
type SARIFOptions struct {
	// BaseDir, when set, makes the location of every file below it
	// relative (with uriBaseId %SRCROOT%), as GitHub code scanning wants
	// paths relative to the repository root; files elsewhere get
	// absolute file:// URIs.
	BaseDir string
	// ToolVersion is the driver's version.
	ToolVersion string
}

// SARIF 2.1.0 (OASIS, https://docs.oasis-open.org/sarif/sarif/v2.1.0/):
// only the objects the report fills.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
		Results            []sarifResult               `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Version        string      `json:"version,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string         `json:"id"`
		Name                 string         `json:"name"`
		ShortDescription     sarifMessage   `json:"shortDescription"`
		FullDescription      sarifMessage   `json:"fullDescription"`
		Help                 sarifMessage   `json:"help"`
		DefaultConfiguration sarifConfig    `json:"defaultConfiguration"`
		Properties           map[string]any `json:"properties"`
	}
	sarifConfig struct {
		Level string `json:"level"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Properties          map[string]any    `json:"properties"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           *sarifRegion     `json:"region,omitempty"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

// level maps a severity to a SARIF result level: critical and high are
// errors, medium warnings, low notes.
func level(s Severity) string {
	switch {
	case s >= High:
		return "error"
	case s == Medium:
		return "warning"
	}
	return "note"
}

// securitySeverity is GitHub code scanning's numeric severity: critical
// 9.0 and up, high 7.0-8.9, medium 4.0-6.9, low below.
func securitySeverity(s Severity) string {
	return map[Severity]string{Critical: "9.5", High: "8.0", Medium: "5.5", Low: "2.0"}[s]
}

// WriteSARIF writes the report as one SARIF 2.1.0 log with one run, every
// rule in the driver and one result per finding. Errors are w's.
func WriteSARIF(w io.Writer, rep *Report, opts SARIFOptions) error {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{Name: "skilldex", InformationURI: "https://github.com/skilldex/skilldex", Version: opts.ToolVersion}},
	}
	for _, r := range Rules {
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID: r.ID, Name: r.Name,
			ShortDescription:     sarifMessage{r.Summary},
			FullDescription:      sarifMessage{r.Rationale},
			Help:                 sarifMessage{r.Rationale},
			DefaultConfiguration: sarifConfig{level(r.Max)},
			Properties:           map[string]any{"tags": []string{"security", "agent-skills"}, "security-severity": securitySeverity(r.Max)},
		})
	}
	base := ""
	if opts.BaseDir != "" {
		if abs, err := filepath.Abs(opts.BaseDir); err == nil {
			base = abs
			run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{"SRCROOT": {URI: fileURI(abs) + "/"}}
		}
	}
	run.Results = []sarifResult{}
	for _, f := range rep.Findings {
		loc := sarifArtifactLoc{URI: fileURI(f.Path)}
		if base != "" {
			if rel, err := filepath.Rel(base, filepath.FromSlash(f.Path)); err == nil && !strings.HasPrefix(rel, "..") {
				loc = sarifArtifactLoc{URI: relURI(rel), URIBaseID: "SRCROOT"}
			}
		}
		phys := sarifPhysical{ArtifactLocation: loc}
		if f.Line > 0 {
			phys.Region = &sarifRegion{StartLine: f.Line}
		}
		sum := sha256.Sum256([]byte(f.SkillID + "\x00" + f.File + "\x00" + f.RuleID + "\x00" + f.Evidence))
		run.Results = append(run.Results, sarifResult{
			RuleID: f.RuleID, RuleIndex: ruleIndex()[f.RuleID], Level: level(f.Severity),
			Message:             sarifMessage{f.Reason + " [" + f.Severity.String() + "] evidence: " + f.Evidence},
			Locations:           []sarifLocation{{PhysicalLocation: phys}},
			PartialFingerprints: map[string]string{"skilldexFinding/v1": hex.EncodeToString(sum[:16])},
			Properties: map[string]any{"skill_id": f.SkillID, "severity": f.Severity.String(), "evidence": f.Evidence,
				"security-severity": securitySeverity(f.Severity)},
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}

// fileURI turns an absolute path into a file:// URI.
func fileURI(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// relURI escapes a relative path as a URI reference.
func relURI(rel string) string {
	return (&url.URL{Path: filepath.ToSlash(rel)}).String()
}
