package audit

import (
	"encoding/xml"
	"io"
	"strings"
)

// maven-clean-plugin's filesets (rule destructive-command, see
// buildclean.go): each <fileset> of the plugin's <configuration> (in the
// build, a profile or an execution) names a <directory> whose entries its
// <includes> pick (none: every entry) and `mvn clean` deletes them, the
// folder too when all of it goes. An XML file holding the plugin (a
// pom.xml, or a snippet a skill tells the agent to merge into one) is
// read token by token, not as one document, so a fragment of several
// top-level elements reads as well; the <properties> of the file (of
// every profile too) are expanded into the directory, with ${user.home}
// and ${env.HOME} as ~ and ${basedir} and ${project.basedir} as the
// project, a relative directory under the project as the plugin resolves
// it. A fileset whose folder (or a literal folder its includes name:
// .git/**) is home, a key or personal folder, a system folder, the
// project, its parent or its .git is reported, critical, at its
// <directory>; excludes do not save the rest of home, and a directory
// holding a property the file does not set is not judged.

// mavenFileset is one fileset of maven-clean-plugin: its directory as
// written, its includes and the line of its <directory>.
type mavenFileset struct {
	dir      string
	includes []string
	line     int
}

// maxMavenTokens bounds the XML tokens read from one file.
const maxMavenTokens = 1 << 16

// mavenBuiltins are the properties Maven sets itself, as the clean reader
// spells them: home as ~, the project as cleanProject.
var mavenBuiltins = map[string]string{
	"user.home": "~", "env.HOME": "~", "env.USERPROFILE": "~",
	"basedir": cleanProject, "project.basedir": cleanProject, "pom.basedir": cleanProject,
	"maven.multiModuleProjectDirectory": cleanProject, "session.executionRootDirectory": cleanProject,
	"project.build.directory":       cleanProject + "/target",
	"project.build.outputDirectory": cleanProject + "/target/classes",
}

// readMavenClean reads an XML file's properties (name → value, the last
// definition winning) and the filesets of its maven-clean-plugin
// elements. It never fails: it stops at the first token the decoder
// cannot read and keeps what it read before.
func readMavenClean(content string) (map[string]string, []mavenFileset) {
	props := map[string]string{}
	var sets []mavenFileset
	type plugin struct {
		artifact string
		sets     []mavenFileset
	}
	var plugins []plugin
	var stack []string
	var text strings.Builder
	d := xml.NewDecoder(strings.NewReader(content))
	d.Strict = false
	parent := func(n int) string { // the element n levels above the innermost
		if len(stack) > n {
			return stack[len(stack)-1-n]
		}
		return ""
	}
	for n := 0; n < maxMavenTokens; n++ {
		tok, err := d.RawToken()
		if err == io.EOF || err != nil {
			break
		}
		line, _ := d.InputPos()
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			if len(stack) >= 256 {
				return props, sets
			}
			stack = append(stack, name)
			text.Reset()
			switch {
			case name == "plugin":
				if len(plugins) < 64 {
					plugins = append(plugins, plugin{})
				}
			case strings.EqualFold(name, "fileset") && len(plugins) > 0:
				p := &plugins[len(plugins)-1]
				if len(p.sets) < 256 {
					p.sets = append(p.sets, mavenFileset{line: line})
				}
			case name == "directory" && strings.EqualFold(parent(1), "fileset") && len(plugins) > 0:
				if p := &plugins[len(plugins)-1]; len(p.sets) > 0 {
					p.sets[len(p.sets)-1].line = line
				}
			}
		case xml.CharData:
			if text.Len() < 4096 {
				text.Write(t)
			}
		case xml.EndElement:
			name := t.Name.Local
			i := len(stack) - 1
			for i >= 0 && stack[i] != name {
				i-- // a stray end tag closes what it names, or nothing
			}
			if i < 0 {
				continue
			}
			if i != len(stack)-1 {
				stack = stack[:i+1]
			}
			val := strings.TrimSpace(text.String())
			text.Reset()
			up := parent(1)
			switch {
			case up == "properties":
				if len(props) < 512 {
					props[name] = val
				}
			case name == "plugin":
				if len(plugins) > 0 {
					p := plugins[len(plugins)-1]
					plugins = plugins[:len(plugins)-1]
					if strings.Contains(p.artifact, "maven-clean-plugin") && len(sets) < 256 {
						sets = append(sets, p.sets...)
					}
				}
			case name == "artifactId" && up == "plugin" && len(plugins) > 0:
				plugins[len(plugins)-1].artifact = val
			case name == "directory" && strings.EqualFold(up, "fileset") && len(plugins) > 0:
				if p := &plugins[len(plugins)-1]; len(p.sets) > 0 {
					p.sets[len(p.sets)-1].dir = val
				}
			case name == "include" && up == "includes" && strings.EqualFold(parent(2), "fileset") && len(plugins) > 0:
				if p := &plugins[len(plugins)-1]; len(p.sets) > 0 && len(p.sets[len(p.sets)-1].includes) < 64 {
					p.sets[len(p.sets)-1].includes = append(p.sets[len(p.sets)-1].includes, val)
				}
			}
			stack = stack[:len(stack)-1]
		}
	}
	return props, sets
}

// mavenExpand returns s with Maven's ${name} references put in (the
// file's properties, then Maven's own, then home as ~), or "" when one
// stays unknown.
func mavenExpand(s string, props map[string]string) string {
	for pass := 0; pass < 8 && strings.Contains(s, "${"); pass++ {
		r := mavenPropRef.ReplaceAllStringFunc(s, func(m string) string {
			name := m[2 : len(m)-1]
			if v, ok := mavenBuiltins[name]; ok {
				return v // Maven's own win over a property of the same name
			}
			if v, ok := props[name]; ok {
				return v
			}
			return m
		})
		if r == s || len(r) > 4096 {
			break
		}
		s = r
	}
	if strings.Contains(s, "${") {
		return ""
	}
	return s
}

// mavenPropRef is a ${name} reference holding no other.
var mavenPropRef = lazyRE(`\$\{[^${}]*\}`)

// scanMavenClean reports a maven-clean-plugin fileset that deletes home,
// a key or personal folder, a system folder, the project, its parent or
// its .git (see above).
func scanMavenClean(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "maven-clean-plugin") || !strings.Contains(strings.ToLower(content), "fileset") {
		return
	}
	props, sets := readMavenClean(content)
	for _, fs := range sets {
		if cleanReport(sc, rel, content, fs.line, fs.dir, fs.includes, props, "a maven-clean-plugin fileset") {
			return
		}
	}
}
