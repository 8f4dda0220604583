package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/listing"
	"github.com/skilldex/skilldex/tools/agentzero"
	"github.com/skilldex/skilldex/tools/sandbox"
)

// agentZero serves the seed testdata/seeds/agent-zero-skills-tool.md:
// one tool, skills_tool, whose "method" argument picks the operation:
// list, load, read_file, execute_script or search. Every answer is
// formatted text ("All operations return formatted text responses");
// errors carry isError.
type agentZero struct{ *deps }

func (h *agentZero) toolNames() []string { return []string{agentZeroToolName} }

const agentZeroToolName = "skills_tool"

// agentZeroSearchLimit bounds the search answer (the seed leaves the
// number open; Agent Zero's own search returns 25).
const agentZeroSearchLimit = 25

// agentZeroBriefChars bounds each description in the list answer (the
// seed: "Brief description").
const agentZeroBriefChars = 200

// agentZeroSchema declares the seed's tool_args: method (required) and
// the arguments each method reads.
var agentZeroSchema = json.RawMessage(`{"type":"object","properties":{` +
	`"method":{"type":"string","enum":["list","load","read_file","execute_script","search"],"description":"the operation: list, load, read_file, execute_script or search"},` +
	`"skill_name":{"type":"string","description":"exact skill name from the metadata, list or search (load, read_file, execute_script)"},` +
	`"file_path":{"type":"string","description":"file path relative to the skill directory, e.g. reference.md or examples/example1.md (read_file)"},` +
	`"script_path":{"type":"string","description":"script path relative to the skill directory, e.g. scripts/convert_pdf_to_images.py (execute_script)"},` +
	`"script_args":{"type":"object","description":"dictionary of arguments passed to the script, in order, e.g. {\"input_pdf\": \"/path/to/document.pdf\", \"output_dir\": \"/tmp/images\"} (execute_script)"},` +
	`"arg_style":{"type":"string","enum":["positional","named","env"],"description":"how to pass script_args (default positional): positional as sys.argv values, named as --key value pairs, env only as SKILL_ARG_* environment variables (execute_script)"},` +
	`"query":{"type":"string","description":"search text matched against skill names, descriptions and tags (search)"}` +
	`},"required":["method"]}`)

// agentZeroDescription opens with the seed's own first lines, then sums
// up each method's arguments and answer.
const agentZeroDescription = `manage and use agent skills for specialized capabilities
skills are composable bundles of instructions context and executable code
use progressive disclosure: metadata → full content → referenced files
use "method" arg to specify operation: "list" "load" "read_file" "execute_script" "search"

methods:
- list: all skills with name, version, description, tags and author
- search (query): skills matching the query terms in name (+3), description (+2) or tags (+1), by descending score
- load (skill_name): metadata, full SKILL.md instructions and the skill's files
- read_file (skill_name, file_path): a reference file from the skill directory
- execute_script (skill_name, script_path, script_args, arg_style): runs a bundled .py, .js or .sh script in a sandbox and returns its output; arguments arrive as sys.argv (arg_style "positional", the default, or "named" for --key value) and always as SKILL_ARG_<KEY> environment variables ("env": only those)`

// register adds skills_tool.
func (h *agentZero) register(s *mcp.Server) {
	desc := agentZeroDescription
	if h.opts.Sandbox == nil {
		desc += "\n\nexecute_script is disabled on this server (no sandbox)."
	} else if unsandboxed(h.opts.Sandbox) {
		desc += "\n\nexecute_script: " + noSandboxNotice
	}
	s.AddTool(&mcp.Tool{Name: agentZeroToolName, Description: desc, InputSchema: agentZeroSchema}, h.call)
}

// call handles skills_tool: it dispatches on "method" (trimmed,
// case-insensitive) and answers text. Unknown or missing method: isError
// "Error: missing/invalid 'method'. Supported: list, load, read_file,
// execute_script, search." A string argument of another JSON type is an
// isError naming it.
func (h *agentZero) call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := parseArgs(req.Params.Arguments)
	if err != nil {
		return errorResult("Error: " + err.Error()), nil
	}
	str := map[string]string{}
	for _, k := range []string{"method", "skill_name", "file_path", "script_path", "arg_style", "query"} {
		v, _, err := a.str(k)
		if err != nil {
			return errorResult("Error: " + err.Error() + "."), nil
		}
		str[k] = strings.TrimSpace(v)
	}
	switch strings.ToLower(str["method"]) {
	case "list":
		return h.list(), nil
	case "load":
		return h.load(ctx, str["skill_name"]), nil
	case "read_file":
		return h.readFile(ctx, str["skill_name"], str["file_path"]), nil
	case "execute_script":
		return h.execute(ctx, str["skill_name"], str["script_path"], a.vals["script_args"], str["arg_style"]), nil
	case "search":
		return h.search(str["query"]), nil
	}
	return errorResult("Error: missing/invalid 'method'. Supported: list, load, read_file, execute_script, search."), nil
}

// list answers method list (seed "1. list available skills": name,
// version, description, tags, author), by name:
//
//	Available skills (N):
//	- NAME (vVERSION): BRIEF DESCRIPTION | tags: a, b | author: AUTHOR
//
// each part present only when the skill has it, then a tip line; "No
// skills found." for an empty catalog.
func (h *agentZero) list() *mcp.CallToolResult {
	skills := h.cat.List(index.ListOptions{})
	if len(skills) == 0 {
		return textResult("No skills found.")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Available skills (%d):\n", len(skills))
	for _, s := range skills {
		b.WriteString("- " + s.Name)
		if s.Version != "" {
			b.WriteString(" (v" + strings.TrimPrefix(s.Version, "v") + ")")
		}
		b.WriteString(": " + listing.Shorten(strings.Join(strings.Fields(s.Description), " "), agentZeroBriefChars))
		if len(s.Tags) > 0 {
			b.WriteString(" | tags: " + strings.Join(s.Tags, ", "))
		}
		if s.Author != "" {
			b.WriteString(" | author: " + s.Author)
		}
		b.WriteByte('\n')
	}
	b.WriteString("\nUse method \"load\" with skill_name for a skill's full instructions, or \"search\" with a query.")
	return textResult(b.String())
}

// skillError renders a lookup failure in the seed's words ("Skill not
// found": check spelling, use list or search to find correct name).
func skillError(name string, err error) *mcp.CallToolResult {
	var nf *index.NotFoundError
	var inv *index.InvalidSkillError
	switch {
	case errors.As(err, &nf), errors.Is(err, index.ErrBadName):
		msg := "Skill not found: '" + name + "'. Check spelling, use list or search to find correct name."
		if nf != nil && len(nf.Suggestions) > 0 {
			msg += " Did you mean: " + strings.Join(nf.Suggestions, ", ") + "?"
		}
		return errorResult(msg)
	case errors.As(err, &inv):
		return errorResult("Skill '" + name + "' is invalid and not available: " + diagnosticsText(inv.Errors()))
	}
	return errorResult("Error in skills_tool: " + err.Error())
}

// load answers method load (seed "2. load full skill content": metadata,
// full content, referenced files):
//
//	Skill: NAME
//	Version: / Author: / Tags: (when present)
//	Path: SKILL FOLDER
//
//	Description:
//	DESCRIPTION
//
//	Content (SKILL.md body):
//	BODY
//
//	Files (read with method "read_file" and file_path):
//	- PATH (referenced in SKILL.md)
//	- PATH
//
// The skill is found by name (case-insensitive) or id.
func (h *agentZero) load(ctx context.Context, name string) *mcp.CallToolResult {
	if name == "" {
		return errorResult("Error: 'skill_name' is required for method=load.")
	}
	l, err := h.cat.Load(ctx, name)
	if err != nil {
		return skillError(name, err)
	}
	s := l.Skill
	var b strings.Builder
	b.WriteString("Skill: " + s.Name + "\n")
	if s.Version != "" {
		b.WriteString("Version: " + s.Version + "\n")
	}
	if s.Author != "" {
		b.WriteString("Author: " + s.Author + "\n")
	}
	if len(s.Tags) > 0 {
		b.WriteString("Tags: " + strings.Join(s.Tags, ", ") + "\n")
	}
	b.WriteString("Path: " + l.BaseDir + "\n\nDescription:\n" + strings.TrimSpace(s.Description) + "\n\nContent (SKILL.md body):\n")
	body := strings.Trim(l.Body, "\n")
	if strings.TrimSpace(body) == "" {
		body = "(empty)"
	}
	b.WriteString(body + "\n\n")
	if len(l.Files) == 0 {
		b.WriteString("No additional files.")
		return textResult(b.String())
	}
	refd := map[string]bool{}
	for _, r := range s.References {
		if r.Status == skillmd.RefOK || r.Status == skillmd.RefCaseMismatch {
			refd[r.Path] = true
		}
	}
	b.WriteString("Files (read with method \"read_file\" and file_path):")
	for _, f := range firstN(l.Files, 100) {
		b.WriteString("\n- " + f)
		if refd[f] {
			b.WriteString(" (referenced in SKILL.md)")
		}
	}
	return textResult(b.String())
}

// readFile answers method read_file (seed "3. read skill reference
// file"): "Skill: NAME\nFile: PATH\n\n" + the file. Errors: "File not
// found: ..." (seed: "Verify file_path matches referenced files from load
// output"), a path outside the skill directory ("Path validation prevents
// directory traversal"), binary and over-large files.
func (h *agentZero) readFile(ctx context.Context, name, path string) *mcp.CallToolResult {
	if name == "" || path == "" {
		return errorResult("Error: 'skill_name' and 'file_path' are required for method=read_file.")
	}
	f, err := h.cat.ReadFile(ctx, name, path)
	var fnf *index.FileNotFoundError
	switch {
	case err == nil:
	case errors.As(err, &fnf):
		msg := "File not found: '" + path + "' in skill '" + name + "'. Verify file_path matches referenced files from load output."
		if len(fnf.Suggestions) > 0 {
			msg += " Did you mean: " + strings.Join(fnf.Suggestions, ", ") + "?"
		}
		return errorResult(msg)
	case errors.Is(err, index.ErrFileNotFound):
		return errorResult("File not found: '" + path + "' in skill '" + name + "'. Verify file_path matches referenced files from load output.")
	case errors.Is(err, index.ErrOutside):
		return errorResult("Path not allowed: '" + path + "' is outside the skill directory. Use a path relative to it, e.g. reference.md or examples/example1.md.")
	case errors.Is(err, index.ErrBinary):
		return errorResult("Unsupported file: '" + path + "' is binary; read_file reads markdown, text and code files.")
	case errors.Is(err, index.ErrTooLarge):
		return errorResult("File too large: '" + path + "' is over 1 MiB.")
	default:
		return skillError(name, err)
	}
	s, _ := h.cat.Resolve(f.SkillID)
	return textResult("Skill: " + s.Name + "\nFile: " + f.Path + "\n\n" + f.Content)
}

// execute answers method execute_script (seed "4. execute skill
// script") through Options.Sandbox: script_args in the caller's key order,
// arg_style positional (default), named or env. The answer is the
// script's report (see scriptReport), isError when it failed ("Script
// failed") or timed out. Errors: scripts disabled (no sandbox), "Skill
// not found", "File not found", "Unsupported script type: only .py, .js,
// .sh supported", a path outside the skill, a bad arg_style.
func (h *agentZero) execute(ctx context.Context, name, script string, rawArgs json.RawMessage, style string) *mcp.CallToolResult {
	if h.opts.Sandbox == nil {
		return errorResult("Error: script execution is disabled on this server: it runs without a sandbox. Restart it with `skilldex serve --allow-scripts` to enable execute_script.")
	}
	if name == "" || script == "" {
		return errorResult("Error: 'skill_name' and 'script_path' are required for method=execute_script.")
	}
	sargs, err := scriptArgs(rawArgs)
	if err != nil {
		return errorResult("Error: 'script_args' must be a dictionary of arguments, e.g. {\"input\": \"/path/to/data.csv\"}.")
	}
	st, err := sandbox.ParseArgStyle(style)
	if err != nil {
		return errorResult("Error: invalid 'arg_style' '" + style + "'. Use \"positional\" (default), \"named\" or \"env\".")
	}
	s, res, err := h.runScript(ctx, scriptRun{skill: name, script: script, args: sargs, style: st})
	switch {
	case err == nil:
	case errors.Is(err, index.ErrNotFound), errors.Is(err, index.ErrInvalid), errors.Is(err, index.ErrBadName):
		return skillError(name, err)
	case errors.Is(err, sandbox.ErrUnsupported):
		return errorResult("Unsupported script type: only .py, .js, .sh supported ('" + script + "').")
	case errors.Is(err, sandbox.ErrOutside):
		return errorResult("Path not allowed: '" + script + "' is outside the skill directory. Use a path relative to it, e.g. scripts/process.py.")
	case errors.Is(err, sandbox.ErrNotFound):
		return errorResult("File not found: script '" + script + "' in skill '" + name + "'. Verify script_path matches the files listed by load.")
	default:
		return errorResult("Script failed: " + err.Error())
	}
	r := textResult(scriptReport(s.Name, script, res))
	r.IsError = res.ExitCode != 0 || res.TimedOut
	return r
}

// scored is one scored skill of method search.
type scored struct {
	s     index.Skill
	score int
}

// score scores the served skills for query by the seed's rule (seed "5.
// search skills by query", Scoring; agentzero.Score): the query is
// lower-cased and split on white space; for each term, +3 when the name
// contains it, +2 when the description does, +1 when any tag does
// (substrings, case-insensitive). Skills scoring 0 are dropped; the rest
// are sorted by descending score, ties by name. A plain scan over
// Catalog.List: this is the seed's contract, not the native BM25 ranking.
func (h *agentZero) score(query string) []scored {
	var hits []scored
	for _, s := range h.cat.List(index.ListOptions{}) {
		if score := agentzero.Score(query, s.Name, s.Description, s.Tags); score > 0 {
			hits = append(hits, scored{s, score})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return hits[i].s.Name < hits[j].s.Name
	})
	return hits
}

// search answers method search:
//
//	Skills matching 'QUERY' (N):
//	- NAME (score S): BRIEF DESCRIPTION
//
// at most agentZeroSearchLimit lines (the total says how many matched),
// then a tip; "No skills matched query: 'QUERY'" when none did. An empty
// query is an error.
func (h *agentZero) search(query string) *mcp.CallToolResult {
	if query == "" {
		return errorResult("Error: 'query' is required for method=search.")
	}
	hits := h.score(query)
	if len(hits) == 0 {
		return textResult("No skills matched query: '" + query + "'")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Skills matching '%s' (%d):\n", query, len(hits))
	for i, x := range hits {
		if i == agentZeroSearchLimit {
			fmt.Fprintf(&b, "- … and %d more; refine the query\n", len(hits)-i)
			break
		}
		fmt.Fprintf(&b, "- %s (score %d): %s\n", x.s.Name, x.score, listing.Shorten(strings.Join(strings.Fields(x.s.Description), " "), agentZeroBriefChars))
	}
	b.WriteString("\nUse method \"load\" with skill_name to load a skill's full instructions.")
	return textResult(b.String())
}
