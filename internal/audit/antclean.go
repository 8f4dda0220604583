package audit

import (
	"encoding/xml"
	"strings"
)

// Ant's <delete> task (rule destructive-command, see buildclean.go): a
// build file's clean target deletes <delete dir="…"/> recursively, and
// the folders of the <fileset dir="…"> and <dirset dir="…"> inside a
// <delete> (all of a folder whose includes take every entry, or a literal
// folder they name), at every `ant clean`. The paths are read with the
// file's <property name value|location> expanded (Ant keeps a property's
// first value), ${user.home} and ${env.HOME} as ~ and ${basedir} (or a
// relative path) as the project (unless the <project>'s basedir moves
// it elsewhere: then only home and absolute paths are judged); one that is home, a key or personal
// folder, a system folder, the project's parent, the project itself or
// its .git is reported, critical, at the <delete>'s line. A path holding
// a property the file does not set is not judged.

// antDelete is one folder an Ant <delete> takes: its path as written,
// the includes of its fileset (none for dir=) and its line.
type antDelete struct {
	dir      string
	includes []string
	line     int
}

// antAttr returns the value of an element's attribute (any case), or "".
func antAttr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if strings.EqualFold(a.Name.Local, name) {
			return a.Value
		}
	}
	return ""
}

// readAntDeletes reads an Ant build file's properties and the folders
// its <delete> tasks take. It never fails: it stops at the first token
// the decoder cannot read and keeps what it read before.
func readAntDeletes(content string) (map[string]string, []antDelete, string) {
	props := map[string]string{}
	base := "" // the <project>'s basedir attribute
	var dels []antDelete
	d := xml.NewDecoder(strings.NewReader(content))
	d.Strict = false
	inDelete, deleteLine := 0, 0 // depth inside <delete>
	for n := 0; n < maxMavenTokens && len(dels) < 256; n++ {
		tok, err := d.RawToken()
		if err != nil {
			break
		}
		line, _ := d.InputPos()
		switch t := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			switch {
			case name == "project" && base == "":
				base = antAttr(t, "basedir")
			case name == "property":
				if k := antAttr(t, "name"); k != "" && len(props) < 512 {
					if _, ok := props[k]; !ok { // Ant properties keep their first value
						v := antAttr(t, "value")
						if v == "" {
							v = antAttr(t, "location")
						}
						props[k] = v
					}
				}
			case name == "delete":
				if dir := antAttr(t, "dir"); dir != "" {
					dels = append(dels, antDelete{dir: dir, line: line})
				}
				if inDelete == 0 {
					deleteLine = line
				}
				inDelete++
			case inDelete > 0 && (name == "fileset" || name == "dirset"):
				if dir := antAttr(t, "dir"); dir != "" {
					var inc []string
					for _, p := range strings.FieldsFunc(antAttr(t, "includes"), func(r rune) bool { return r == ',' || r == ' ' }) {
						inc = append(inc, p)
					}
					dels = append(dels, antDelete{dir: dir, includes: inc, line: deleteLine})
				}
			case inDelete > 0 && name == "include" && len(dels) > 0:
				if p := antAttr(t, "name"); p != "" && len(dels[len(dels)-1].includes) < 64 {
					dels[len(dels)-1].includes = append(dels[len(dels)-1].includes, p)
				}
			}
		case xml.EndElement:
			if strings.EqualFold(t.Name.Local, "delete") && inDelete > 0 {
				inDelete--
			}
		}
	}
	return props, dels, base
}

// scanAntClean reports an Ant <delete> of home, a key or personal
// folder, a system folder, the project, its parent or its .git (see
// above).
func scanAntClean(sc *skillCtx, rel, content string) {
	if !isAntBuild(rel, content) || !strings.Contains(content, "<delete") {
		return
	}
	props, dels, base := readAntDeletes(content)
	for _, del := range dels {
		if base != "" && base != "." && base != "./" {
			// ${basedir} and relative paths are under a folder the
			// reader does not place: only home and absolute paths are
			if d := mavenExpand(del.dir, props); d == "" || d[0] != '~' && d[0] != '/' {
				continue
			}
		}
		if cleanReport(sc, rel, content, del.line, del.dir, del.includes, props, "an Ant <delete>") {
			return
		}
	}
}
