package audit

import (
	"path"
	"strings"
)

// Documentation that explains the agents' switches lists them, one to a
// list item or table row ("`--dangerously-skip-permissions` (Claude
// Code): runs every tool call without asking"), and warns against the
// lot in a sentence of its own: "do not use these flags on your own
// computer", "no uses estas opciones en tu propio equipo", "不要在自己的
// 电脑上使用这些参数". The warning is not in the switch's clause, where
// prohibitsSwitch looks, so each listed switch read as one the skill
// sets. A switch in such a catalogue entry (a list item or table row
// that names it, with no verb before it telling the agent to run, use or
// set it) of a file that warns against "these" switches as a whole is
// documented, not asked for: it drops a level. A switch the same entry
// tells the agent to use, and any switch of a file that also tells the
// agent not to ask or tell the user, keep their rank (rule
// approval-bypass).

// catalogWarnRe matches a warning against a file's listed switches as a
// whole, in English, Spanish, German, French, Chinese and Japanese.
var catalogWarnRe = lazyRE(`(?i)\b(?:do\s+not|don'?t|never|avoid|must\s+not|should\s+not)\s+(?:use|using|enable|enabling|turn\s+on|set|pass|run\s+with|add)\s+(?:any\s+of\s+)?(?:these|those|the\s+(?:above|following|listed))\s+(?:[\w-]+\s+){0,2}?(?:flags?|options?|modes?|settings?|switches|parameters?)\b` +
	`|\bno\s+(?:uses|utilices|actives|habilites|pases|emplees)\s+(?:(?:ninguna|ninguno)\s+de\s+)?(?:estas|esos|estos|esas)\s+(?:opciones|banderas|flags|par[aá]metros|modos|ajustes)` +
	`|\b(?:verwende|benutze|nutze|aktiviere|setze)\s+(?:diese|solche|keine\s+dieser)\s+(?:Optionen|Flags|Parameter|Modi|Einstellungen|Schalter)\b(?:\s+\S+){0,5}?\s+(?:nicht|nie|niemals)\b|\b(?:diese|solche)\s+(?:Optionen|Flags|Parameter|Modi|Einstellungen|Schalter)\s+(?:\S+\s+){0,4}?(?:nicht|nie|niemals)\s+(?:verwenden|benutzen|nutzen|aktivieren|setzen)` +
	`|\bn['’]\s*(?:utilise|utilisez|active|activez|emploie|employez)\s+(?:pas|jamais)\s+(?:ces|ces\s+\w+)\b|\bne\s+(?:les\s+)?(?:utilise|utilisez|active|activez)\s+(?:pas|jamais)\b` +
	`|(?:不要|切勿|别|禁止|不得|请勿)(?:在[^，。；\n]{1,12}?)?(?:使用|开启|启用|打开)(?:这些|此类|这类|上述)(?:参数|选项|标志|模式|设置)` +
	`|(?:これらの|この種の|上記の)(?:フラグ|オプション|パラメータ|モード|設定)を[^。\n]{0,20}?(?:使わないで|使用しないで|有効にしないで|使ってはいけ)`)

// catalogUseRe matches, before a switch in its entry, a verb telling the
// agent to run, use or set it: the entry is an instruction, not a
// description.
var catalogUseRe = lazyRE(`(?i)\b(?:run|use|start|launch|invoke|set|add|pass|enable|turn\s+on|switch\s+to|call|execute|apply|always)\b`)

// catalogEntry reports whether the switch at off in text (a listed prose
// block) stands in a catalogue entry: on a table row or in a list item,
// with no catalogUseRe verb before it in its entry.
func catalogEntry(text string, off int, listed bool) bool {
	line := text[strings.LastIndexByte(text[:off], '\n')+1 : off]
	row := strings.HasPrefix(strings.TrimSpace(line), "|")
	if !listed && !row {
		return false
	}
	if row {
		line = line[strings.LastIndexByte(line, '|')+1:]
	}
	return !catalogUseRe.MatchString(line)
}

// catalogWarned reports whether the switch at m in text, a prose block
// of the file being audited, is a catalogue entry of a file that warns
// against its switches as a whole (see above).
func catalogWarned(sc *skillCtx, text string, m []int) bool {
	return catalogEntry(text, m[0], sc.listed) && catalogWarnRe.MatchString(sc.fileText)
}

// skillOffersSwitch reports whether SKILL.md makes the switch sw, found
// in another file rel of the skill (a workflow or settings template it
// installs), the user's choice: a paragraph of SKILL.md that names the
// switch or the file offers it for consent (consentRe, not negated), and
// SKILL.md does not tell the agent to keep the user out of it. The
// shell rule ranks a switch after the script asks the user the same way.
func skillOffersSwitch(sc *skillCtx, rel, sw string) bool {
	if rel == sc.skill.SkillFile || sc.topic == "" || fileSilenced(sc.topic) {
		return false
	}
	sw, base := strings.ToLower(strings.TrimSpace(sw)), strings.ToLower(path.Base(rel))
	for _, para := range strings.Split(sc.topic, "\n\n") {
		if !offersConsent(consentRe, para) {
			continue
		}
		if strings.Contains(para, sw) || strings.Contains(para, base) && !consentForOtherCommand(sc.topic, para, base) {
			return true
		}
	}
	return false
}

// consentForOtherCommand reports whether every offer of consent in para
// (a paragraph of SKILL.md, lower case, naming the script base but not
// the switch) is scoped to one subcommand of that script that sets
// nothing up, and SKILL.md (topic) runs the script with others: "`nu
// stack.nu push` only after the user confirms" asks before a push, not
// before the `setup` that writes the agent's settings. The offer's
// sentence (or list item) names the script followed by the subcommand
// inside a code span; a consent to its setup, install or configure
// subcommand covers what that writes.
func consentForOtherCommand(topic, para, base string) bool {
	subs := map[string]bool{}
	for _, m := range scriptSubcommand.FindAllStringSubmatch(topic, 32) {
		if m[1] == base {
			subs[m[2]] = true
		}
	}
	if len(subs) < 2 {
		return false
	}
	offers := 0
	for _, m := range consentRe.FindAllStringIndex(para, -1) {
		if negatedConsentRe.MatchString(para[max(0, m[0]-40):m[0]]) || consentListNegated(para[max(0, m[0]-80):m[0]]) {
			continue
		}
		offers++
		start := 0
		if s := sentenceStart.FindAllStringIndex(para[:m[0]], -1); s != nil {
			start = s[len(s)-1][1]
		}
		end := m[1]
		if i := strings.IndexAny(para[end:], ".\n"); i >= 0 {
			end += i
		} else {
			end = len(para)
		}
		scoped := false
		for _, sm := range scriptSubcommand.FindAllStringSubmatch(para[start:end], 4) {
			scoped = scoped || sm[1] == base && !setupSubcommand.MatchString(sm[2])
		}
		if !scoped {
			return false
		}
	}
	return offers > 0
}

var (
	// scriptSubcommand is a script run with a subcommand inside a code
	// span (`nu stack.nu push`, `python tool.py setup`): group 1 the
	// script's file name, group 2 the subcommand.
	scriptSubcommand = lazyRE("`[^`\n]*?\\b([\\w.-]+\\.[a-z]{1,4}) +([a-z][\\w-]*)\\b[^`\\n]*`")
	// setupSubcommand is a subcommand that sets a machine or a project
	// up, where a script writes settings.
	setupSubcommand = lazyRE(`^(?:setup|set-up|install|init|initialize|initialise|configure|config|bootstrap|apply|enable|trust|settings|permissions|onboard|prepare)$`)
	// sentenceStart is where a sentence or a list item begins: after a
	// full stop and a space, or after a list marker opening a line.
	sentenceStart = lazyRE(`[.!?]\s+|\n\s*(?:[-*+]|\d+[.)])\s+`)
)
