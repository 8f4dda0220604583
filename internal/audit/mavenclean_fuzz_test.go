package audit

import (
	"testing"
)

// FuzzMavenClean: no XML text stops the maven-clean-plugin reader
// (readMavenClean, mavenExpand), the Ant <delete> reader or the CMake
// clean reader, and every
// finding's line is inside the file.
func FuzzMavenClean(f *testing.F) {
	for _, s := range []string{
		"<project><properties><r>${user.home}/.a/..</r></properties><build><plugins><plugin><artifactId>maven-clean-plugin</artifactId><configuration><filesets><fileset><directory>${r}</directory><includes><include>**</include></includes></fileset></filesets></configuration></plugin></plugins></build></project>",
		"<properties>\n<a>${b}</a>\n<b>${a}</b>\n</properties>\n<plugin>\n<artifactId>maven-clean-plugin</artifactId>\n<fileset><directory>${a}</directory></fileset>\n</plugin>\n",
		"<plugin><fileset></plugin></fileset><directory>..</directory><!-- maven-clean-plugin -->",
		"<plugin><artifactId>maven-clean-plugin</artifactId><fileset><directory>.</directory><includes><include>.git/**</include></includes>",
		"set(a $ENV{HOME}/x)\ncmake_path(GET a PARENT_PATH b)\nset_property(DIRECTORY PROPERTY ADDITIONAL_CLEAN_FILES ${b})\nfile(REMOVE_RECURSE ${b}/..)\n",
		"<project><property name=\"h\" value=\"${user.home}\"/><target><delete dir=\"${h}\"/><delete><fileset dir=\".\"><include name=\".git/**\"/></fileset></delete></target></project>",
		"set(a ${a}${a})\nset(a ${a}${a})\nset_directory_properties(PROPERTIES ADDITIONAL_CLEAN_FILES)\n", "<", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanMavenClean(sc, "pom.xml", code)
		fuzzLinesInFile(t, sc, code)
		props, _ := readMavenClean(code)
		for _, v := range props {
			_ = mavenExpand(v, props)
		}
		sc = scanCtx(code)
		scanCMakeClean(sc, "CMakeLists.txt", code, parseCMake(code))
		fuzzLinesInFile(t, sc, code)
		sc = scanCtx(code)
		scanAntClean(sc, "build.xml", "<project><target>"+code)
		fuzzLinesInFile(t, sc, "<project><target>"+code)
		_ = cleanIncludeTarget(code, code)
		_ = cleanTarget(code)
	})
}
