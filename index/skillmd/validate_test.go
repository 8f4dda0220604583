package skillmd

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestValidate(t *testing.T) {
	long := func(r string, n int) string { return strings.Repeat(r, n) }
	tests := []struct {
		name   string
		front  string
		folder string
		// want maps each expected code to its lenient severity; in strict
		// mode every one must be an error.
		want map[string]Severity
		line int // line of the first diagnostic, when checked
	}{
		{"valid", "name: pdf-tools\ndescription: d\nlicense: MIT\ncompatibility: c\nmetadata:\n  a: b\nallowed-tools: Read\n", "pdf-tools", nil, 0},
		{"no folder check", "name: pdf-tools\ndescription: d\n", "", nil, 0},
		{"missing name", "description: d\n", "x", map[string]Severity{CodeNameMissing: SeverityError}, 0},
		{"empty name", "name: ''\ndescription: d\n", "x", map[string]Severity{CodeNameMissing: SeverityError}, 2},
		{"missing description", "name: x\n", "x", map[string]Severity{CodeDescriptionMissing: SeverityError}, 0},
		{"blank description", "name: x\ndescription: '   '\n", "x", map[string]Severity{CodeDescriptionMissing: SeverityError}, 3},
		{"name 64 chars", "name: " + long("a", 64) + "\ndescription: d\n", long("a", 64), nil, 0},
		{"name 65 chars", "name: " + long("a", 65) + "\ndescription: d\n", long("a", 65), map[string]Severity{CodeNameTooLong: SeverityWarning}, 2},
		{"name 64 multibyte chars", "name: " + long("é", 64) + "\ndescription: d\n", long("é", 64), nil, 0},
		{"uppercase", "name: PDF-Tools\ndescription: d\n", "PDF-Tools", map[string]Severity{CodeNameUppercase: SeverityWarning}, 2},
		{"underscore", "name: pdf_tools\ndescription: d\n", "pdf_tools", map[string]Severity{CodeNameInvalidChars: SeverityWarning}, 2},
		{"space and uppercase", "name: Pdf Tools\ndescription: d\n", "pdf-tools", map[string]Severity{CodeNameUppercase: SeverityWarning, CodeNameInvalidChars: SeverityWarning, CodeNameMismatch: SeverityWarning}, 2},
		{"leading hyphen", "name: -pdf\ndescription: d\n", "-pdf", map[string]Severity{CodeNameHyphenEdge: SeverityWarning}, 2},
		{"trailing hyphen", "name: pdf-\ndescription: d\n", "pdf-", map[string]Severity{CodeNameHyphenEdge: SeverityWarning}, 2},
		{"double hyphen", "name: pdf--tools\ndescription: d\n", "pdf--tools", map[string]Severity{CodeNameDoubleHyphen: SeverityWarning}, 2},
		{"mismatch", "name: template-skill\ndescription: d\n", "template", map[string]Severity{CodeNameMismatch: SeverityWarning}, 2},
		{"unicode lowercase letters are allowed", "name: 数据-分析\ndescription: d\n", "数据-分析", nil, 0},
		{"accented lowercase is allowed", "name: café\ndescription: d\n", "café", nil, 0},
		{"accented uppercase is not", "name: Café\ndescription: d\n", "Café", map[string]Severity{CodeNameUppercase: SeverityWarning}, 2},
		{"NFD folder matches NFC name", "name: café\ndescription: d\n", "cafe\u0301", nil, 0},
		{"fullwidth name is NFKC-normalised", "name: ｐｄｆ\ndescription: d\n", "pdf", nil, 0},
		{"description 1024 chars", "name: x\ndescription: " + long("d", 1024) + "\n", "x", nil, 0},
		{"description 1024 CJK chars", "name: x\ndescription: " + long("字", 1024) + "\n", "x", nil, 0},
		{"description 1025 chars", "name: x\ndescription: " + long("d", 1025) + "\n", "x", map[string]Severity{CodeDescriptionTooLong: SeverityWarning}, 3},
		{"compatibility 500 chars", "name: x\ndescription: d\ncompatibility: " + long("c", 500) + "\n", "x", nil, 0},
		{"compatibility 501 chars", "name: x\ndescription: d\ncompatibility: " + long("ç", 501) + "\n", "x", map[string]Severity{CodeCompatibilityTooLong: SeverityWarning}, 4},
		{"compatibility not a string", "name: x\ndescription: d\ncompatibility: {claude: yes}\n", "x", map[string]Severity{CodeCompatibilityType: SeverityWarning}, 4},
		{"unknown fields", "name: x\ndescription: d\nrequires: 1.0\ntriggers: [a]\n", "x", map[string]Severity{CodeUnknownField: SeverityWarning}, 4},
		{"misspelt agent field", "name: x\ndescription: d\ndisable_model_invocation: true\n", "x", map[string]Severity{CodeUnknownField: SeverityWarning}, 4},
		{"metadata values must be strings", "name: x\ndescription: d\nmetadata:\n  version: 1.0\n  ok: 'yes'\n", "x", map[string]Severity{CodeMetadataType: SeverityWarning}, 4},
		{"metadata must be a mapping", "name: x\ndescription: d\nmetadata: [a, b]\n", "x", map[string]Severity{CodeMetadataType: SeverityWarning}, 4},
		{"empty metadata is fine", "name: x\ndescription: d\nmetadata:\n", "x", nil, 0},
		{"allowed-tools list of strings", "name: x\ndescription: d\nallowed-tools: [Read, Grep]\n", "x", nil, 0},
		{"allowed-tools not strings", "name: x\ndescription: d\nallowed-tools: [Read, {a: b}]\n", "x", map[string]Severity{CodeAllowedToolsType: SeverityWarning}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := mustParse(t, "---\n"+tt.front+"---\n")
			for _, mode := range []Mode{Lenient, Strict} {
				diags := Validate(s, tt.folder, mode)
				checkDiags(t, diags)
				got := map[string]Severity{}
				for _, d := range diags {
					got[d.Code] = d.Severity
					if d.File != "x/SKILL.md" {
						t.Errorf("file %q", d.File)
					}
				}
				want := map[string]Severity{}
				for c, sev := range tt.want {
					if mode == Strict {
						sev = SeverityError
					}
					want[c] = sev
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("mode %d: got %v, want %v\n%v", mode, got, want, diags)
				}
				if tt.line != 0 && len(diags) > 0 && diags[0].Line != tt.line {
					t.Errorf("line %d, want %d", diags[0].Line, tt.line)
				}
			}
		})
	}
	// A capitalised Name: gets a precise fix.
	s, _ := mustParse(t, "---\nName: x\nDescription: d\n---\n")
	for _, d := range Validate(s, "x", Lenient) {
		if (d.Code == CodeNameMissing || d.Code == CodeDescriptionMissing) && !strings.Contains(d.Fix, "case-sensitive") {
			t.Errorf("fix %q", d.Fix)
		}
	}
	if Validate(nil, "x", Strict) != nil {
		t.Error("nil skill")
	}
}

func TestValidateUnknownFieldsInFileOrder(t *testing.T) {
	s, _ := mustParse(t, "---\nname: x\nzeta: 1\ndescription: d\nalpha: 2\n---\n")
	var got []string
	for _, d := range Validate(s, "x", Lenient) {
		got = append(got, d.Message[:strings.Index(d.Message, ";")])
	}
	want := []string{`unknown top-level field "zeta"`, `unknown top-level field "alpha"`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q", got)
	}
}

func TestValidateName(t *testing.T) {
	tests := []struct {
		name string
		code string // "" when valid
		fix  string
	}{
		{"pdf-tools", "", ""},
		{"a", "", ""},
		{"1password", "", ""},
		{strings.Repeat("a", 64), "", ""},
		{"数据分析", "", ""},
		{"ｐｄｆ", "", ""},
		{"", CodeNameMissing, ""},
		{"   ", CodeNameInvalidChars, "use name: my-skill"},
		{" pdf", CodeNameInvalidChars, "use name: pdf"},
		{strings.Repeat("a", 65), CodeNameTooLong, "use name: " + strings.Repeat("a", 64)},
		{"PDF", CodeNameUppercase, "use name: pdf"},
		{"My Skill", CodeNameUppercase, "use name: my-skill"},
		{"my skill", CodeNameInvalidChars, "use name: my-skill"},
		{"my_skill", CodeNameInvalidChars, "use name: my-skill"},
		{"my.skill", CodeNameInvalidChars, "use name: my-skill"},
		{"-skill", CodeNameHyphenEdge, "use name: skill"},
		{"skill-", CodeNameHyphenEdge, "use name: skill"},
		{"my--skill", CodeNameDoubleHyphen, "use name: my-skill"},
		{"émoji-😀", CodeNameInvalidChars, "use name: émoji"},
		{"___", CodeNameInvalidChars, "use name: my-skill"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateName(tt.name)
			if tt.code == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			var ne *NameError
			if !errors.As(err, &ne) || ne.Code != tt.code {
				t.Fatalf("got %v, want code %s", err, tt.code)
			}
			if ne.Fix == "" || (tt.fix != "" && ne.Fix != tt.fix) {
				t.Errorf("fix %q, want %q", ne.Fix, tt.fix)
			}
			if strings.TrimSpace(tt.name) == "" {
				return // Validate reports a blank name as missing
			}
			// Validate reports the same message.
			s := &Skill{Name: tt.name, Description: "d"}
			found := false
			for _, d := range Validate(s, "", Strict) {
				if d.Code == ne.Code && d.Message == ne.Message {
					found = true
				}
			}
			if !found {
				t.Errorf("Validate does not report %q", ne.Message)
			}
		})
	}
}

func TestSuggestNameIsValid(t *testing.T) {
	for _, in := range []string{"My Skill!", "--a--b--", "ÄÖÜ straße", strings.Repeat("ab-", 40), "ǅemal", "İstanbul", "🙂"} {
		got := suggestName(in)
		if err := ValidateName(got); err != nil {
			t.Errorf("suggestName(%q) = %q is invalid: %v", in, got, err)
		}
		if utf8.RuneCountInString(got) > MaxNameChars {
			t.Errorf("too long: %q", got)
		}
	}
}
