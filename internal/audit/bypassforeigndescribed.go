package audit

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// bypassDescribedRe reads the switch described in English words, without
// a flag or key name: a setting that never asks for permission, a sandbox
// with full disk and network access, a mode that skips all permission
// checks, every edit auto-accepted. A hostile skill says the same in
// German, French, Spanish, Portuguese, Chinese or Japanese, and the
// general switch reader (foreignWeakSwitches, cjkApproval) misses the
// descriptive forms: a verb far from its object ("Schalte in den
// Einstellungen die Bestätigungsdialoge ab", "saute toutes les
// vérifications de permissions"), the verb last in a German relative
// clause ("den Modus, der alle Berechtigungsprüfungen überspringt"), a
// setting that "nie nach Erlaubnis fragt", a sandbox "mit vollem
// Netzwerkzugriff", edits "automatisch akzeptiert", and the Chinese and
// Japanese words for a prompt switched off (关掉审批弹窗,
// 確認ダイアログをオフにして). foreignDescribedSwitches reads them, and
// they are weighed as English's described switch is: high only where the
// file tells the agent not to ask or tell the user (or claims the user's
// consent in advance), not where a negation governs them, the passage
// quotes them as examples, or the user is asked.

// foreignDescribedWords are the words of the European forms, by role.
var foreignDescribedWords = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	add := func(kind int, words string) {
		for _, w := range strings.Fields(words) {
			m[w] |= kind
		}
	}
	// a verb of switching off or skipping said last in a German clause or
	// in the third person ("der … überspringt", "que omite …")
	add(fdOffLate, `überspringt überspringen umgeht umgehen ignoriert ignorieren deaktiviert deaktivieren abschaltet ausschaltet abstellt
		saute sautent ignore ignorent contourne contournent désactive désactivent supprime
		omite omiten salta saltan ignora ignoran desactiva desactivan elimina
		pula pulam ignora ignoram desativa desativam desliga desligam contorna contornam`)
	// a word naming a setting, for a setting that never asks
	add(fdSetting, `einstellung einstellungen einstellen konfiguriere konfigurieren konfiguration modus option stelle stell richte
		configure configurer configurez configuration réglage réglages règle régler paramètre paramètres paramètre mode option
		configura configurar configuración ajuste ajustes ajusta modo opción define
		configuração configurações defina definir modo opção`)
	// a verb of asking, for a setting that never asks
	add(fdAsk, `fragt fragen frage frag nachfragt verlangt anfordert
		demande demander demandent sollicite
		pida pide pedir pidan pregunte pregunta preguntar solicite solicita
		peça pede pedir peçam pergunte pergunta perguntar solicite solicita`)
	// a word of "never", stronger than a bare negation
	add(fdNever, `nie niemals nimmer jamais nunca`)
	// "full", for a sandbox with full access
	add(fdFull, `voll volle vollem vollen voller volles vollständig vollständigen vollständigem uneingeschränkt uneingeschränkten uneingeschränktem unbeschränkt unbeschränkten
		complet complète complets complètes total totale illimité illimitée intégral
		completo completa total pleno plena ilimitado ilimitada irrestrito irrestrita`)
	// an accepting participle or verb, for edits accepted automatically
	add(fdAccept, `akzeptiert akzeptieren angenommen annehmen übernommen übernehmen
		accepté acceptée acceptés acceptées accepter acceptent
		aceptado aceptada aceptados aceptadas aceptar acepten aceptan
		aceito aceita aceitos aceitas aceitar aceitem aceitam`)
	add(fdAuto, `automatisch automatiquement automáticamente automaticamente`)
	// what is accepted: edits, changes, tool calls, commands
	add(fdEdits, `änderungen änderung bearbeitungen werkzeugaufrufe toolaufrufe befehle befehl
		modifications modification éditions changements commandes
		ediciones cambios modificaciones comandos
		edições alterações mudanças comandos`)
	return m
})

// The roles of foreignDescribedWords.
const (
	fdOffLate = 1 << iota
	fdSetting
	fdAsk
	fdNever
	fdFull
	fdAccept
	fdAuto
	fdEdits
)

// foreignDescribedHints are words one of which a text the reader reads
// holds (beside foreignHints' guard words).
var foreignDescribedHints = sync.OnceValue(func() *wordList {
	return newFoldedWordList([]string{"sandbox", "erlaubnis", "zustimmung", "rückfrage", "zugriff", "accès", "acceso", "acesso", "automat", "automát", "自动", "自動", "审批", "弹窗", "对话框", "ダイアログ"})
})

// foreignDescribedSwitches returns the spans of the switch described in
// words in German, French, Spanish, Portuguese, Chinese or Japanese (see
// above), at most three.
func foreignDescribedSwitches(text string) [][]int {
	if len(foreignHints().find(text).start) == 0 && len(foreignDescribedHints().find(text).start) == 0 {
		return nil
	}
	var out [][]int
	for _, sp := range sentenceSpans(text) {
		sentence := text[sp[0]:sp[1]]
		if codeLed(sentence) || titleOrCell(sentence) {
			continue
		}
		if hasCJK(sentence) {
			if at, ok := cjkDescribed(sentence); ok {
				out = append(out, []int{sp[0] + at, sp[1]})
			}
		} else {
			ws := clauseWords(text, sp[0], sp[1])
			if reported(ws, sentence) || domainOther(ws) {
				continue
			}
			if lo, hi, ok := foreignDescribedAt(ws); ok {
				out = append(out, []int{ws[lo].start, ws[hi].end})
			}
		}
		if len(out) == 3 {
			break
		}
	}
	return out
}

// fdGuard reports whether w names the guard for the described forms: a
// guard word of the lexicon, the sandbox, or a compound holding one
// ("Berechtigungsprüfungen", "Sandbox-Prüfungen").
func fdGuard(w clauseWord) bool {
	return foreignGuard(w)
}

// foreignDescribedAt finds a described switch in the words of one
// European sentence and returns its first and last word: a verb of
// switching off or skipping up to seven words before the guard, or (said
// last, "der alle Berechtigungsprüfungen überspringt") up to six after
// it; German's separable "schalte … ab" with its particle closing the
// clause; a setting that never asks for the guard; the sandbox with full
// access; edits accepted automatically. None where a negation or
// "without" governs it in its clause.
func foreignDescribedAt(ws []clauseWord) (lo, hi int, ok bool) {
	fw, fd := foreignWords(), foreignDescribedWords()
	// free reports whether no negation or "without" stands in the clause
	// of i before it, nor (German) between i and k
	free := func(i, k int) bool {
		a, b := min(i, k), max(i, k)
		for j := a - 1; j >= 0 && ws[j].clause == ws[a].clause; j-- {
			if ws[j].class&(wcNeg|wcWithout) != 0 && ws[j].class&wcGrantV == 0 {
				return false
			}
		}
		for j := a + 1; j <= b+2 && j < len(ws); j++ {
			if ws[j].clause != ws[a].clause {
				break
			}
			if ws[j].class&(wcNeg|wcWithout) != 0 && ws[j].class&wcGrantV == 0 && j != a && j != b {
				return false
			}
		}
		return true
	}
	for i, w := range ws {
		kind, role := fw[w.text], fd[w.text]
		// the off or skip verb before its guard, further than
		// foreignSwitchAt reads ("saute toutes les vérifications de
		// permissions", "omite todas las comprobaciones de permisos")
		if kind&(foreignOff|foreignSkip) != 0 || role&fdOffLate != 0 {
			for k := i + 1; k < len(ws) && k <= i+7 && ws[k].clause == w.clause; k++ {
				if fdGuard(ws[k]) {
					if free(i, k) {
						return i, k, true
					}
					break
				}
				if !fdBetween(ws[k]) {
					break // "elimina los archivos temporales antes de pedir confirmación"
				}
			}
		}
		// the verb said last: the guard up to six words before it
		if role&fdOffLate != 0 {
			for k := i - 1; k >= 0 && k >= i-6 && ws[k].clause == w.clause; k-- {
				if fdGuard(ws[k]) {
					if free(k, i) {
						return k, i, true
					}
					break
				}
				if !fdBetween(ws[k]) {
					break
				}
			}
		}
		// German's separable verb, its particle last in the clause
		if w.text == "schalte" || w.text == "schalt" || w.text == "stelle" || w.text == "stell" {
			e := -1
			for j := i + 1; j < len(ws) && ws[j].clause == w.clause; j++ {
				e = j
			}
			if e > i+1 && (ws[e].text == "ab" || ws[e].text == "aus") {
				for k := i + 1; k < e; k++ {
					// the object, not a preposition's ("schalte den
					// Rechner nach der Bestätigung ab")
					if fdGuard(ws[k]) && !germanPrepBefore(ws, i, k) && free(i, e) {
						return i, e, true
					}
				}
			}
		}
		// a setting that never asks: "never" within three words of a verb
		// of asking, a guard within four of it, a setting word before
		if role&fdAsk != 0 {
			nev, g := -1, -1
			for k := max(0, i-3); k < len(ws) && k <= i+3; k++ {
				if fd[ws[k].text]&fdNever != 0 && ws[k].clause == w.clause {
					nev = k
				}
			}
			for k := max(0, i-4); k < len(ws) && k <= i+4; k++ {
				if ws[k].class&wcGuard != 0 && ws[k].class&wcDomain == 0 {
					g = k
				}
			}
			if nev >= 0 && g >= 0 {
				a := min(nev, i, g)
				set := false
				for k := 0; k < a; k++ {
					if fd[ws[k].text]&fdSetting != 0 {
						set = true
					}
				}
				// the clause before "never" holds no negation of its own
				// ("never configure it so that it never asks")
				if set && !negBefore(ws, a) {
					return a, max(nev, i, g), true
				}
			}
		}
		// the sandbox with full access
		if w.class&wcStrong != 0 {
			for k := 0; k < len(ws); k++ {
				if fd[ws[k].text]&fdFull == 0 && !strings.HasPrefix(ws[k].text, "vollzugriff") {
					continue
				}
				acc := -1
				for j := max(0, k-3); j < len(ws) && j <= k+4; j++ {
					if fdAccess(ws[j].text) {
						acc = j
						break
					}
				}
				if acc < 0 {
					continue
				}
				if free(min(k, acc), max(k, acc)) {
					return min(i, k, acc), max(i, k, acc), true
				}
			}
		}
		// edits accepted automatically
		if role&fdAccept != 0 {
			for k := max(0, i-3); k < len(ws) && k <= i+3; k++ {
				if fd[ws[k].text]&fdAuto == 0 {
					continue
				}
				for j := 0; j < len(ws); j++ {
					if fd[ws[j].text]&fdEdits != 0 || ws[j].class&wcAct != 0 && ws[j].class&wcGoOn == 0 {
						if free(min(i, k), max(i, k)) {
							return min(i, k, j), max(i, k, j), true
						}
						break
					}
				}
			}
		}
	}
	return 0, 0, false
}

// fdArticles are the articles, prepositions of a noun phrase and other
// small words that may stand between a verb and the guard it governs.
var fdArticles = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"der": true, "die": true, "das": true, "den": true, "dem": true, "des": true, "alle": true, "allen": true, "jede": true, "sämtliche": true,
		"le": true, "la": true, "les": true, "l'": true, "un": true, "une": true, "du": true, "de": true, "d'": true, "toutes": true, "tous": true,
		"el": true, "los": true, "las": true, "una": true, "del": true, "al": true, "todas": true, "todos": true,
		"o": true, "os": true, "as": true, "um": true, "uma": true, "do": true, "da": true, "dos": true, "ao": true, "aos": true}
})

// fdBetween reports whether w may stand between a verb and its guard:
// an article, a word of the guard's phrase (a head, a blanket, a
// modifier), a word of checking ("Prüfungen", "vérifications",
// "comprobaciones", "verificações").
func fdBetween(w clauseWord) bool {
	if fdArticles()[w.text] || w.class&(wcBlanket|wcHead|wcMod|wcGuard|wcStrong) != 0 {
		return true
	}
	for _, p := range []string{"prüfung", "überprüfung", "kontroll", "vérification", "contrôle", "comprobaci", "verificaci", "verificaç", "checag", "sicherheits"} {
		if strings.HasPrefix(w.text, p) {
			return true
		}
	}
	return false
}

// germanPrepBefore reports whether a German preposition stands in the
// two words before k (after i): the guard is its object, not the verb's.
func germanPrepBefore(ws []clauseWord, i, k int) bool {
	for j := max(i+1, k-2); j < k; j++ {
		switch ws[j].text {
		case "nach", "vor", "mit", "ohne", "bei", "für", "zur", "zum", "bis", "seit", "wegen", "trotz", "während":
			return true
		}
	}
	return false
}

// fdAccess reports whether w is a word of access ("Zugriff" and its
// compounds, "accès", "acceso", "acesso").
func fdAccess(w string) bool {
	return strings.HasSuffix(w, "zugriff") || strings.HasSuffix(w, "zugriffe") || w == "accès" || w == "acceso" || w == "acesso" || w == "acessos" || w == "accesos"
}

// cjkOffVerbs are the Chinese and Japanese verbs of switching a guard
// off that cjkApproval does not read (关闭 and 無効 it does); not 取消,
// which is as often the user cancelling a dialog.
var cjkOffVerbs = []string{"关掉", "关了", "停用", "禁用", "去掉", "屏蔽", "オフに", "オフにし", "切って", "切る", "無効化", "外して"}

// cjkPromptGuards are the guards a prompt switch names: confirmation and
// approval prompts and their dialogs, the sandbox, permission checks; not
// a bare dialog or pop-up (关掉弹窗 closes any pop-up), a bare 権限 or
// 权限 (switched off, a permission taken away), nor Japanese's bare 確認
// (a check the agent makes: 設定を確認して).
var cjkPromptGuards = []string{"确认", "批准", "审批", "沙箱", "沙盒", "权限检查", "权限提示", "权限确认", "许可提示", "授权提示",
	"確認ダイアログ", "確認プロンプト", "確認画面", "確認メッセージ", "確認ポップアップ", "確認を", "承認", "承認ダイアログ", "承認プロンプト", "サンドボックス", "権限チェック", "権限の確認", "許可の確認", "許可ダイアログ", "許可プロンプト"}

// cjkGap returns the offset of the first of a word of as and a word of bs
// standing at most gap characters apart in sentence, in either order
// (-1: none).
func cjkGap(sentence string, as, bs []string, gap int) int {
	for _, a := range as {
		for _, i := range indexAll(sentence, a) {
			for _, b := range bs {
				for _, j := range indexAll(sentence, b) {
					switch {
					case j >= i+len(a) && utf8.RuneCountInString(sentence[i+len(a):j]) <= gap:
						return i
					case i >= j+len(b) && utf8.RuneCountInString(sentence[j+len(b):i]) <= gap:
						return j
					}
				}
			}
		}
	}
	return -1
}

// cjkProhibit are the Chinese prohibitions before a verb and the Japanese
// ones after it that keep a described switch from being asked for.
var (
	cjkProhibitBefore = []string{"不要", "别", "勿", "禁止", "切勿", "绝不", "不能", "不得", "不可", "千万不"}
	cjkProhibitAfter  = []string{"しないで", "ないでください", "してはいけ", "てはいけ", "禁止", "しないこと", "ないこと", "しません"}
)

// cjkDescribed reports whether a Chinese or Japanese sentence describes a
// switch (see above), and the offset of its first word: a prompt guard
// switched off (关掉审批弹窗, 確認ダイアログをオフにして, 承認プロンプトを切って),
// a setting that never asks (设置成永远不请求许可,
// 許可を一切求めないように設定), the sandbox given full access
// (让沙箱拥有完全的磁盘和网络访问权限, サンドボックスにフルアクセスを与えて), edits
// accepted automatically (所有编辑自动接受, すべての編集を自動で受け入れる).
// None under a prohibition (不要关掉确认弹窗, 確認ダイアログをオフにしないで).
func cjkDescribed(sentence string) (int, bool) {
	has := func(words []string) int {
		at := -1
		for _, w := range words {
			if i := strings.Index(sentence, w); i >= 0 && (at < 0 || i < at) {
				at = i
			}
		}
		return at
	}
	prohibited := func(at int) bool {
		head := []rune(sentence[:at])
		before := string(head[max(0, len(head)-8):])
		for _, p := range cjkProhibitBefore {
			if strings.Contains(before, p) {
				return true
			}
		}
		for _, p := range cjkProhibitAfter {
			if strings.Contains(sentence[at:], p) {
				return true
			}
		}
		return false
	}
	near := func(a, b int, n int) bool {
		return utf8.RuneCountInString(sentence[min(a, b):max(a, b)]) <= n
	}
	// a prompt guard and a verb of switching off at most four
	// characters apart (审批弹窗 and 关掉 side by side, 確認ダイアログを
	// オフに with one particle between)
	if at := cjkGap(sentence, cjkPromptGuards, cjkOffVerbs, 4); at >= 0 && !prohibited(at) {
		return at, true
	}
	// a setting that never asks
	if s := has([]string{"设置", "设为", "配置", "模式", "选项", "設定", "モード", "オプション", "構成"}); s >= 0 {
		for _, nw := range []string{"永远不", "从不", "永不", "一律不", "再也不"} {
			n := strings.Index(sentence, nw)
			if n < 0 {
				continue
			}
			if q := has([]string{"请求", "询问", "征求", "弹出", "提示"}); q >= n+len(nw) && near(n+len(nw), q, 2) && has([]string{"许可", "确认", "批准", "权限", "授权"}) >= 0 && !prohibited(min(s, n)) {
				return min(s, n), true
			}
		}
		for _, q := range []string{"求めない", "聞かない", "尋ねない", "出さない", "表示しない", "確認しない"} {
			if i := strings.Index(sentence, q); i >= 0 {
				if p := has([]string{"許可", "確認", "承認", "権限"}); p >= 0 && p < i && near(p, i, 8) && !prohibited(min(len(sentence), max(s, i+len(q)))) {
					return min(s, p), true
				}
			}
		}
	}
	// the sandbox with full access
	if sb := has([]string{"沙箱", "沙盒", "サンドボックス"}); sb >= 0 {
		if f := has([]string{"完全", "完整", "全部", "不受限制", "无限制", "フル", "無制限", "制限なし"}); f >= 0 {
			if a := has([]string{"访问", "读写", "アクセス"}); a >= f && near(f, a, 12) && !prohibited(min(sb, f)) {
				return min(sb, f), true
			}
		}
	}
	// edits accepted automatically
	if a := has([]string{"自动接受", "自动同意", "自动通过", "自动放行", "自动采纳", "自動で受け入れ", "自動的に受け入れ", "自動で承諾", "自動承諾", "自動的に承諾"}); a >= 0 && !prohibited(a) {
		return a, true
	}
	return 0, false
}
