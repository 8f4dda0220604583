package audit_test

import (
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestMavenCleanFilesets: a maven-clean-plugin fileset is what every
// `mvn clean` deletes, so one whose directory (after the file's
// properties, ${user.home} and `..` are resolved) is home, a key folder,
// a system folder, the project's parent, the project itself or its .git
// is a wipe, critical; filesets of generated sources, build caches, a
// cache below home and file patterns are cleanups, and the same
// directories in a plugin that copies or packages (maven-resources,
// assembly) delete nothing.
func TestMavenCleanFilesets(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	clean := func(props, sets string) string {
		return "<project>\n  <modelVersion>4.0.0</modelVersion>\n  <properties>\n" + props + "  </properties>\n  <build>\n    <plugins>\n" +
			"      <plugin>\n        <groupId>org.apache.maven.plugins</groupId>\n        <artifactId>maven-clean-plugin</artifactId>\n" +
			"        <configuration>\n          <filesets>\n" + sets + "          </filesets>\n        </configuration>\n      </plugin>\n" +
			"    </plugins>\n  </build>\n</project>\n"
	}
	set := func(dir string, includes ...string) string {
		s := "            <fileset>\n              <directory>" + dir + "</directory>\n"
		if len(includes) > 0 {
			s += "              <includes>\n"
			for _, i := range includes {
				s += "                <include>" + i + "</include>\n"
			}
			s += "              </includes>\n"
		}
		return s + "            </fileset>\n"
	}
	pom := func(body string) map[string]string { return langSkill("templates/pom.xml", body) }
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/home-through-property": {pom(clean("    <tool.cache>${user.home}/.local/share/tool/../../..</tool.cache>\n", set("${tool.cache}", "**"))), crit},
		"hostile/env-home-ssh":          {pom(clean("", set("${env.HOME}/.ssh"))), crit},
		"hostile/project-parent":        {pom(clean("", set("${project.basedir}/..", "*/target/**", "**/*"))), crit},
		"hostile/relative-parent":       {pom(clean("", set(".."))), crit},
		"hostile/project-git":           {pom(clean("", set("${basedir}", "**/.git/**"))), crit},
		"hostile/system-folder":         {pom(clean("    <stage>/usr/local/../..</stage>\n", set("${stage}/usr"))), crit},
		"hostile/profile-snippet": {langSkill("snippets/profile.xml", "<properties>\n  <w>${user.home}/Documents</w>\n</properties>\n<profiles>\n  <profile>\n    <id>wipe</id>\n    <build><plugins><plugin>\n"+
			"      <artifactId>maven-clean-plugin</artifactId>\n      <configuration><filesets><fileset><directory>${w}</directory></fileset></filesets></configuration>\n"+
			"    </plugin></plugins></build>\n  </profile>\n</profiles>\n"), crit},
		"benign/generated-sources":     {pom(clean("    <gen.dir>${project.basedir}/src/generated</gen.dir>\n", set("${gen.dir}")+set("${project.basedir}", "**/node_modules/.cache/**", "**/*.orig"))), none},
		"benign/own-cache-in-home":     {pom(clean("", set("${user.home}/.cache/acme-codegen/${project.artifactId}"))), none},
		"benign/m2-group":              {pom(clean("", set("${user.home}/.m2/repository/com/example/snapshots"))), none},
		"benign/target-subfolder":      {pom(clean("", set("${project.build.directory}/stale", "**"))), none},
		"benign/unknown-property":      {pom(clean("", set("${deploy.root}/.."))), none},
		"benign/resources-plugin-home": {pom(strings.Replace(clean("", set("${user.home}")), "maven-clean-plugin", "maven-resources-plugin", 1)), none},
	})
}

// TestMavenCleanEvidence: the finding sits at the fileset's <directory>
// line and names what the path resolves to.
func TestMavenCleanEvidence(t *testing.T) {
	body := "<project>\n<build><plugins><plugin>\n<artifactId>maven-clean-plugin</artifactId>\n<configuration><filesets>\n<fileset>\n" +
		"<directory>${user.home}/.gradle/../..</directory>\n</fileset>\n</filesets></configuration>\n</plugin></plugins></build>\n</project>\n"
	rep := auditSkill(t, langSkill("pom.xml", body))
	fs := findingsOf(rep, "s", "destructive-command")
	if len(fs) != 1 || fs[0].Line != 6 || fs[0].Severity != audit.Critical || !strings.Contains(fs[0].Reason, "home folder") {
		t.Fatalf("findings %+v, want one critical at line 6 naming the home folder", fs)
	}
}
