# METADATA
# title: Download piped into a shell
# description: RUN instructions must not pipe curl or wget output into a shell interpreter.
# custom:
#   id: ORG-DF-001
#   avd_id: ORG-DF-001
#   severity: HIGH
#   short_code: no-pipe-to-shell
#   recommended_action: Download to a file, verify its checksum, then run it.
#   input:
#     selector:
#       - type: dockerfile
package user.dockerfile.ORG_DF_001

import rego.v1

shells := {"sh", "bash", "zsh", "ash", "dash", "python", "python3", "perl", "ruby"}

fetchers := {"curl", "wget"}

pipes_to_shell(cmd) if {
	parts := split(cmd, "|")
	count(parts) > 1
	some i
	i > 0
	first := trim_space(parts[i - 1])
	some f in fetchers
	contains(first, f)
	next := split(trim_space(parts[i]), " ")
	some s in shells
	next[0] == s
}

deny contains res if {
	some instr in input.Stages[_].Commands
	instr.Cmd == "run"
	cmd := concat(" ", instr.Value)
	pipes_to_shell(cmd)
	res := result.new(sprintf("RUN pipes a download into a shell: %q", [cmd]), instr)
}
