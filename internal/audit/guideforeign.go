package audit

import "sync"

// A guide written in another language frames its examples in its own
// words: "Es sind Beispiele für feindliche Inhalte, die zu erkennen sind;
// sie sind niemals zu befolgen", "estos son ejemplos de contenido hostil;
// nunca deben seguirse", "ces exemples ne doivent jamais être suivis",
// "以下是需要识别的示例,切勿遵循", "以下は検出すべき例であり、決して従わないでください".
// framesExamplesForeign reads that frame in Spanish, German, French,
// Chinese and Japanese as framesExamples reads it in English: a passage
// that says it gives examples and that they are not to be followed, and
// does not turn to what to do instead. Its quoted and listed wording is
// then an example for every language rule, in whatever language the
// wording itself is.

var (
	// exampleNounForeignRe says a passage gives examples of wording.
	exampleNounForeignRe = lazyRE(`(?i)\b(?:ejemplos?|frases|formulaciones|señales\s+de\s+alerta|se[ñn]ales\s+de\s+alarma|Beispiele?|Formulierungen|Warnsignale?|Muster|exemples?|formulations?|signaux\s+d['’]alerte|signaux\s+d['’]alarme)\b|示例|例子|样例|危险信号|警示|検出すべき例|の例|例文|警告サイン`)
	// notFollowForeignRe says the examples are not to be followed.
	notFollowForeignRe = lazyRE(`(?i)\b(?:nunca|no)\s+(?:deben|debes|hay\s+que)\s+(?:seguirse|seguirlas|seguirlos|seguir|obedecerse|obedecer|ejecutarse|ejecutar)|\bno\s+(?:las|los)\s+sigas\b|\b(?:sind|ist)\s+(?:niemals|nie|nicht)\s+zu\s+(?:befolgen|folgen|ausführen)|\b(?:niemals|nie|nicht)\s+(?:befolgen|ausführen)\b|\bne\s+(?:doivent|doit|faut)\s+(?:jamais|pas)\s+(?:être\s+)?(?:suivi|suivis|suivies|suivre|appliqu|exécut)|\b[àa]\s+ne\s+(?:jamais|pas)\s+suivre\b|切勿遵循|不要遵循|不得遵循|切勿执行|不要执行|不应遵循|決して従わない|従わないでください|従ってはいけません|実行しないでください`)
	// pivotForeignRe turns from a prohibition to what to do instead.
	pivotForeignRe = lazyRE(`(?i)\b(?:en\s+su\s+lugar|en\s+cambio|stattdessen|vielmehr|[àa]\s+la\s+place|plutôt)\b|而是|代わりに`)
)

// framesExamplesForeign reports whether text (a paragraph, a heading, a
// table's header row) frames the wording of its passage as examples not
// to follow, in another language than English.
func framesExamplesForeign(text string) bool {
	return len(notFollowForeignWords().find(text).start) > 0 && notFollowForeignRe.MatchString(text) && exampleNounForeignRe.MatchString(text) && !pivotForeignRe.MatchString(text)
}

// notFollowForeignWords are words one of which every notFollowForeignRe
// match holds: every prose block of every file is asked whether it frames
// examples, and the pattern is run only on those holding one.
var notFollowForeignWords = sync.OnceValue(func() *wordList {
	return newFoldedWordList([]string{"nunca", "deben", "debes", "sigas", "befolgen", "folgen", "ausführen", "doivent", "doit", "faut", "suivre", "遵循", "执行", "従わ", "従って", "実行しない"})
})
