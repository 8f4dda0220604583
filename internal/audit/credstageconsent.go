package audit

import (
	"strings"
	"unicode/utf8"
)

// The instruction to upload a staged credential bundle only with the
// user's agreement (consentRes) and the wording that takes it back
// (consentDenyRe) are English phrase patterns; a skill says the same in
// German, French, Spanish, Portuguese, Chinese or Japanese, and the
// upload weighs the same either way: asked first, raw credentials are
// high and redacted ones low; consent claimed as given ahead, asking
// waved off, or the upload done quietly keeps them critical (medium when
// redacted). The silence and approval-bypass wording uploadConsented also
// checks (fileSilenced, clauseBypasses) already reads those languages.

// consentForeignRes are consentRes in the other languages: asking the
// user before ("Frag den Nutzer, bevor du es hochlädst", "Demande à
// l'utilisateur avant de l'envoyer", "Pregunta al usuario antes de
// enviarlo", "Pergunte ao usuário antes de enviar", 上传之前先询问用户,
// アップロードする前にユーザーに確認), uploading only after they agree
// ("erst nach seiner Zustimmung", "uniquement après son accord", "solo
// después de que el usuario lo apruebe", "somente depois que o usuário
// concordar", 征得用户同意后再上传, ユーザーの同意を得てから), with their
// consent, waiting for it, and never without it ("Lade es niemals ohne
// die Zustimmung des Nutzers hoch", "N'envoie jamais … sans l'accord de
// l'utilisateur", "Nunca subas … sin el permiso del usuario", "Nunca
// envie … sem a permissão do usuário", 未经用户同意，绝不要上传,
// ユーザーの許可なしにアップロードしないで).
var consentForeignRes = []*lazyRegexp{
	// German
	lazyRE(`(?i)\bfrag\w*\s+(?:den\s+|die\s+)?(?:nutzer|benutzer|anwender)\w*\b[^.\n]{0,80}?\b(?:bevor|ob|vorher|zuerst|zunächst)\b`),
	lazyRE(`(?i)\b(?:erst|nur)\s+(?:nach|mit)\s+(?:der\s+|seiner\s+|ihrer\s+|dessen\s+|deren\s+)?(?:ausdrücklichen\s+)?(?:zustimmung|einwilligung|erlaubnis|freigabe|bestätigung|genehmigung|okay|ok)\b`),
	lazyRE(`(?i)\b(?:erst|nur)\b[^.\n]{0,30}?\b(?:wenn|nachdem|sobald)\s+(?:der|die)\s+(?:nutzer|benutzer|anwender)\w*\b[^.\n]{0,40}?\b(?:zugestimmt|zustimmt|einwilligt|eingewilligt|bestätigt|erlaubt|freigegeben|freigibt|ja\s+sagt|ja\s+gesagt)`),
	lazyRE(`(?i)\bmit\s+(?:der\s+)?(?:ausdrücklichen\s+)?(?:zustimmung|einwilligung|erlaubnis|genehmigung|freigabe)\s+(?:des|der)\s+(?:nutzer|benutzer|anwender)`),
	lazyRE(`(?i)\bwarte\w*\b[^.\n]{0,30}?\b(?:bis|auf)\b[^.\n]{0,30}?\b(?:nutzer|benutzer|anwender)\w*\b[^.\n]{0,30}?\b(?:zustimmt|bestätigt|einwilligt|zustimmung|bestätigung|freigabe)`),
	lazyRE(`(?i)\b(?:nie|niemals|nicht|keinesfalls)\b[^.\n]{0,60}?\bohne\s+(?:die\s+|seine\s+|ihre\s+|dessen\s+|deren\s+)?(?:ausdrückliche\s+)?(?:zustimmung|einwilligung|erlaubnis|genehmigung|freigabe|bestätigung|rückfrage|zu\s+fragen|(?:den|die)\s+(?:nutzer|benutzer|anwender)\w*\s+(?:vorher\s+)?zu\s+fragen)`),
	lazyRE(`(?i)\bhol\w*\s+[^.\n]{0,40}?\b(?:zustimmung|einwilligung|erlaubnis|genehmigung|freigabe)\b[^.\n]{0,30}?\bein\b`),
	// French
	lazyRE(`(?i)\bdemande\w*(?:\s+à\s+l['’]utilisat\w+|-lui|\s+lui)\b[^.\n]{0,80}?(?:\bavant\b|\bsi\b|\bs['’]il|\bs['’]elle|\bd['’]abord|\bau\s+préalable|\bson\s+accord|\bla\s+permission|\bl['’]autorisation)`),
	lazyRE(`(?i)(?:\buniquement|\bseulement|\bqu['’])\s*(?:après|une\s+fois\s+que|si|quand|lorsque)\b[^.\n]{0,40}?\b(?:accord|consentement|autorisation|approbation|feu\s+vert|accept\w*|confirm\w*|approuv\w*|consenti\w*)`),
	lazyRE(`(?i)\bavec\s+(?:l['’]accord|le\s+consentement|l['’]autorisation|la\s+permission|l['’]approbation|le\s+feu\s+vert)\s+(?:explicite\s+)?de\s+l['’]utilisat`),
	lazyRE(`(?i)\battends?\s+que\s+l['’]utilisat\w+\s+(?:confirme|accepte|approuve|donne|soit\s+d['’]accord)`),
	lazyRE(`(?i)\b(?:jamais|pas)\b[^.\n]{0,60}?\bsans\s+(?:l['’]accord|son\s+accord|le\s+consentement|son\s+consentement|l['’]autorisation|son\s+autorisation|la\s+permission|sa\s+permission|l['’]approbation|demander|lui\s+demander)`),
	// Spanish
	lazyRE(`(?i)\bpregunta\w*\s+(?:al\s+usuari[oa]|le)\b[^.\n]{0,80}?\b(?:antes|si|primero)\b`),
	lazyRE(`(?i)\bp[ií]de(?:le)?\s+(?:permiso|confirmación|autorización|su\s+consentimiento|su\s+aprobación)\b[^.\n]{0,30}?\busuari`),
	lazyRE(`(?i)\bs[oó]lo\s+(?:después\s+de\s+que|despues\s+de\s+que|si|cuando|una\s+vez\s+que)\b[^.\n]{0,40}?\b(?:acepte|acepta|confirme|confirma|apruebe|aprueba|autorice|autoriza|consienta|consiente|esté\s+de\s+acuerdo|está\s+de\s+acuerdo|dé\s+su\s+(?:consentimiento|permiso|aprobación|autorización|visto\s+bueno)|da\s+su\s+(?:consentimiento|permiso|aprobación|autorización|visto\s+bueno)|diga\s+que\s+sí|dice\s+que\s+sí)`),
	lazyRE(`(?i)\bcon\s+(?:el\s+consentimiento|el\s+permiso|la\s+aprobación|la\s+autorización|el\s+visto\s+bueno)\s+(?:explícit[oa]\s+)?del\s+usuari`),
	lazyRE(`(?i)\bespera\w*\s+(?:a\s+)?que\s+el\s+usuari[oa]\s+(?:confirme|acepte|apruebe|autorice|dé)`),
	lazyRE(`(?i)\b(?:nunca|no|jamás)\b[^.\n]{0,60}?\bsin\s+(?:el\s+consentimiento|su\s+consentimiento|el\s+permiso|su\s+permiso|la\s+aprobación|su\s+aprobación|la\s+autorización|su\s+autorización|preguntar|preguntarle|que\s+el\s+usuari)`),
	// Portuguese
	lazyRE(`(?i)\bpergunte\w*\s+(?:ao\s+(?:usuári[oa]|utilizador)|a\s+ele|a\s+ela)\b[^.\n]{0,80}?\b(?:antes|se|primeiro)\b`),
	lazyRE(`(?i)\bpeça\s+(?:permissão|confirmação|autorização|o\s+consentimento|a\s+aprovação)\b[^.\n]{0,30}?\b(?:usuári|utilizador)`),
	lazyRE(`(?i)\b(?:somente|só|apenas)\s+(?:depois\s+que|depois\s+de|se|quando|após)\b[^.\n]{0,40}?\b(?:concordar|confirmar|aprovar|autorizar|consentir|aceitar|consentimento|permissão|aprovação|autorização)`),
	lazyRE(`(?i)\bcom\s+(?:o\s+consentimento|a\s+permissão|a\s+aprovação|a\s+autorização)\s+(?:explícit[oa]\s+)?d[oa]\s+(?:usuári|utilizador)`),
	lazyRE(`(?i)\b(?:espere|aguarde)\s+(?:que\s+)?o\s+(?:usuári[oa]|utilizador)\s+(?:confirmar|confirme|aprovar|aprove|concordar|concorde|autorizar|autorize)`),
	lazyRE(`(?i)\b(?:nunca|não|jamais)\b[^.\n]{0,60}?\bsem\s+(?:o\s+consentimento|o\s+seu\s+consentimento|a\s+permissão|a\s+sua\s+permissão|a\s+aprovação|a\s+autorização|perguntar|que\s+o\s+(?:usuári|utilizador))`),
	// Chinese
	lazyRE(`(?:之前|以前|前)(?:先|必须|务必)?(?:询问|征求|请示|问)(?:一下)?用户|先(?:询问|征求|请示|问)(?:一下)?用户`),
	lazyRE(`(?:征得|得到|获得|取得)用户(?:的)?(?:明确)?(?:同意|许可|批准|确认|授权)|用户(?:明确)?(?:同意|确认|批准|许可|授权)(?:之后|以后|后|才)|等(?:待)?用户(?:确认|同意|批准)|未经用户(?:的)?(?:同意|确认|许可|允许)`),
	// Japanese
	lazyRE(`ユーザー(?:の|に|から)(?:同意|許可|承認|確認|了承)を(?:得|もらっ|取っ|とっ)てから|ユーザーが(?:同意|承認|許可|了承)(?:した|してから|した場合|したら)|(?:前に|まず)(?:必ず)?ユーザーに(?:確認|相談|聞い|尋ね)|ユーザーの(?:同意|許可|承認|確認)(?:なし|なく|を得ず)`),
}

// consentForeignClaimRe is consentDenyRe's claims in the other languages:
// consent said to be given already ("hat bereits zugestimmt", "a déjà
// donné son accord", "ya dio su consentimiento", "já concordou",
// 用户已经同意, すでに同意しています) or asking waved off ("du musst den
// Nutzer nicht fragen", "inutile de demander", "no hace falta preguntar",
// "não precisa perguntar", 无需询问, 確認は不要).
var consentForeignClaimRe = lazyRE(`(?i)\b(?:bereits|schon)\s+(?:im\s+voraus\s+)?(?:zugestimmt|eingewilligt|erlaubt|genehmigt|freigegeben|ja\s+gesagt)|\b(?:musst|brauchst)\b[^.\n]{0,30}?\b(?:nicht|nie|kein\w*)\b[^.\n]{0,20}?\b(?:zu\s+)?(?:fragen|nachfragen|bestätigen|zeigen|erwähnen|rückfrage)|\bkeine\s+(?:rückfrage|bestätigung|zustimmung)\s+(?:nötig|notwendig|erforderlich)|\bvorab\s+(?:genehmigt|freigegeben)` +
	`|\ba\s+déjà\s+(?:donné\s+son\s+(?:accord|consentement|autorisation|feu\s+vert)|accepté|consenti|approuvé|confirmé|autorisé|dit\s+oui)|\bdéjà\s+d['’]accord|\b(?:inutile|pas\s+besoin|nul\s+besoin)\s+de\s+(?:lui\s+)?(?:demander|confirmer|montrer|prévenir|dire|mentionner)|\bpré-?approuvé` +
	`|\bya\s+(?:ha\s+|había\s+)?(?:(?:dio|dado)\s+su\s+(?:consentimiento|permiso|aprobación|autorización|visto\s+bueno)|aceptó|aprobó|autorizó|consintió|aceptado|aprobado|autorizado|consentido|está\s+de\s+acuerdo|estuvo\s+de\s+acuerdo|dijo\s+que\s+sí)|\bno\s+(?:hace\s+falta|es\s+necesario|necesitas|tienes\s+que)\s+(?:preguntar|confirmar|mostrar|avisar|decir|pedir)|\bpre-?aprobad` +
	`|\bjá\s+(?:concordou|aceitou|autorizou|aprovou|consentiu|deu\s+(?:o\s+seu\s+|o\s+|seu\s+|a\s+sua\s+|a\s+|sua\s+)?(?:consentimento|permissão|aprovação|autorização))|\bnão\s+(?:precisa|é\s+preciso|é\s+necessário|necessita)\s+(?:de\s+)?(?:perguntar|confirmar|mostrar|avisar|dizer|pedir)|\bpré-?aprovad` +
	`|(?:已经|早已|事先|提前|预先|已)(?:同意|批准|授权|许可)|(?:无需|无须|不用|不必|不需要)(?:再)?(?:询问|问|确认|征求|告知|告诉|展示|显示)` +
	`|(?:すでに|既に|事前に|あらかじめ)[^。\n]{0,20}?(?:同意|承認|許可|了承)(?:して|済み|しま)|確認は不要|確認不要|(?:聞く|確認する|尋ねる)必要は(?:ない|ありません)|(?:聞か|確認し)なくて(?:いい|よい|良い)`)

// consentForeignQuietRe is consentDenyRe's quiet upload in the other
// languages: without asking or telling, silently, in the background
// ("ohne zu fragen", "im Hintergrund", "sans lui demander",
// "silencieusement", "sin preguntar", "en segundo plano", "sem avisar",
// 悄悄, 后台, 不经用户同意, こっそり, 確認せずに); not under a prohibition
// ("lade es nie ohne Zustimmung hoch", "n'envoie jamais sans demander",
// 未经用户同意，绝不要上传, 確認せずにアップロードしないで).
var consentForeignQuietRe = lazyRE(`(?i)\bohne\s+(?:zu\s+fragen|nachzufragen|rückfrage|es\s+zu\s+erwähnen|bescheid\s+zu\s+geben|zu\s+zeigen|(?:die\s+|seine\s+|ihre\s+)?(?:zustimmung|erlaubnis))|\b(?:stillschweigend|heimlich|unbemerkt)\b|\bim\s+hintergrund\b` +
	`|\bsans\s+(?:lui\s+)?(?:demander|le\s+dire|prévenir|confirmation|son\s+accord|l['’]accord|le\s+montrer|en\s+parler)|\bsilencieusement\b|\bdiscrètement\b|\ben\s+arrière-plan\b|\ben\s+douce\b` +
	`|\bsin\s+(?:preguntar\w*|avisar\w*|decírselo|decirle|confirmación|su\s+permiso|el\s+permiso|su\s+consentimiento|mostrár\w*)|\ben\s+silencio\b|\bsilenciosamente\b|\ben\s+segundo\s+plano\b|\bdiscretamente\b` +
	`|\bsem\s+(?:perguntar|avisar|dizer|confirmação|a\s+permissão|o\s+consentimento|mostrar)|\bem\s+segundo\s+plano\b` +
	`|悄悄|静默|默默|偷偷|后台|未经(?:用户)?(?:的)?(?:同意|确认|许可|允许)|不经(?:用户)?(?:同意|确认|询问)` +
	`|こっそり|黙って|バックグラウンドで|密かに|ひそかに|(?:確認|同意|許可|承認)(?:せずに|を得ずに|なしに|なしで)|聞かずに|伝えずに`)

// consentForeignNegRe is a prohibition just before a quiet phrase in a
// European language ("lade es nie ohne …", "n'envoie jamais … sans",
// "nunca … sin", "nunca … sem").
var consentForeignNegRe = lazyRE(`(?i)\b(?:nie|niemals|nicht|kein\w*|keinesfalls|jamais|pas|ne|n['’]|nunca|no|jamás|não|never|not)\b[^.\n]{0,60}$`)

// consentForeignProhibits are the Chinese and Japanese prohibitions in a
// quiet phrase's sentence that turn it round.
var consentForeignProhibits = []string{"不要", "绝不", "别", "勿", "不得", "不能", "禁止", "千万", "しないで", "ないでください", "してはいけ", "しないこと"}

// uploadConsentedForeign reports whether doc has the agent upload only
// with the user's agreement in one of the other languages
// (consentForeignRes), and whether it takes any consent back
// (consentForeignClaimRe, or consentForeignQuietRe outside a
// prohibition).
func uploadConsentedForeign(doc string) (asked, takenBack bool) {
	for _, re := range consentForeignRes {
		if re.MatchString(doc) {
			asked = true
			break
		}
	}
	for _, m := range consentForeignClaimRe.FindAllStringIndex(doc, -1) {
		// 用户已经同意后再上传: the agreement waited for, not claimed
		if after := doc[m[1]:]; strings.HasPrefix(after, "后") || strings.HasPrefix(after, "之后") || strings.HasPrefix(after, "以后") || strings.HasPrefix(after, "再") {
			continue
		}
		return asked, true
	}
	for _, m := range consentForeignQuietRe.FindAllStringIndex(doc, -1) {
		if consentForeignNegRe.MatchString(doc[max(0, m[0]-80):m[0]]) {
			continue
		}
		if hasCJK(doc[m[0]:m[1]]) && cjkSentenceHas(doc, m[0], consentForeignProhibits) {
			continue
		}
		return asked, true
	}
	return asked, false
}

// cjkSentenceHas reports whether the Chinese or Japanese sentence round
// off in text holds one of words.
func cjkSentenceHas(text string, off int, words []string) bool {
	s, e := off, off
	for s > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:s])
		if r == '。' || r == '\n' || r == '！' || r == '？' {
			break
		}
		s -= n
	}
	for e < len(text) {
		r, n := utf8.DecodeRuneInString(text[e:])
		if r == '。' || r == '\n' || r == '！' || r == '？' {
			break
		}
		e += n
	}
	for _, w := range words {
		if strings.Contains(text[s:e], w) {
			return true
		}
	}
	return false
}
