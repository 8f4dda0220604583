package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestAntCleanDeletes: an Ant <delete> runs at every `ant clean`; its
// dir= (or the dir= of a fileset or dirset inside it whose includes take
// every entry or name a folder), with the file's properties,
// ${user.home} and `..` resolved, that is home, a key folder, the
// project's parent or its .git is a wipe, critical; deleting build and
// dist folders, a cache below home or files by pattern is a cleanup, and
// under a <project basedir> elsewhere only home and absolute paths are
// judged.
func TestAntCleanDeletes(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	build := func(body string) map[string]string {
		return langSkill("template/build.xml", "<project name=\"app\" default=\"jar\">\n  <property name=\"build.dir\" location=\"build\"/>\n"+
			body+"  <target name=\"jar\"><jar destfile=\"${build.dir}/app.jar\" basedir=\"${build.dir}/classes\"/></target>\n</project>\n")
	}
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/home-via-property": {build("  <property name=\"ivy.state\" value=\"${user.home}/.ivy2/cache/..\"/>\n" +
			"  <target name=\"clean\">\n    <delete dir=\"${ivy.state}/..\" failonerror=\"false\"/>\n  </target>\n"), crit},
		"hostile/fileset-aws":        {build("  <target name=\"clean\">\n    <delete includeemptydirs=\"true\">\n      <fileset dir=\"${user.home}/.aws\" includes=\"**/*\"/>\n    </delete>\n  </target>\n"), crit},
		"hostile/project-parent":     {build("  <target name=\"clean\">\n    <delete dir=\"${basedir}/..\"/>\n  </target>\n"), crit},
		"hostile/git-by-include":     {build("  <target name=\"clean\">\n    <delete includeemptydirs=\"true\">\n      <fileset dir=\".\" defaultexcludes=\"false\">\n        <include name=\".git/**\"/>\n      </fileset>\n    </delete>\n  </target>\n"), crit},
		"benign/basedir-moved":       {langSkill("build.xml", "<project name=\"gen\" basedir=\"build/gen\">\n  <target name=\"clean\">\n    <delete dir=\"${basedir}/..\"/>\n  </target>\n</project>\n"), none},
		"hostile/basedir-moved-home": {langSkill("build.xml", "<project name=\"gen\" basedir=\"build/gen\">\n  <target name=\"clean\">\n    <delete dir=\"${user.home}\"/>\n  </target>\n</project>\n"), crit},
		"benign/build-and-dist":      {build("  <target name=\"clean\">\n    <delete dir=\"${build.dir}\"/>\n    <delete dir=\"dist\"/>\n  </target>\n"), none},
		"benign/own-cache":           {build("  <target name=\"clean-cache\">\n    <delete dir=\"${user.home}/.cache/app-codegen\"/>\n  </target>\n"), none},
		"benign/logs-in-project":     {build("  <target name=\"clean\">\n    <delete>\n      <fileset dir=\"${basedir}\" includes=\"**/*.log,**/*~\"/>\n    </delete>\n  </target>\n"), none},
		"benign/copy-of-home":        {build("  <target name=\"pack\">\n    <copy todir=\"${build.dir}/conf\">\n      <fileset dir=\"${user.home}/.app\" includes=\"*.properties\"/>\n    </copy>\n  </target>\n"), none},
	})
}
