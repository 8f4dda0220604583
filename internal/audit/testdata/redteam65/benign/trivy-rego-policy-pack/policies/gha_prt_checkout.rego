# METADATA
# title: pull_request_target checks out untrusted PR code
# custom:
#   id: ORG-GHA-001
#   avd_id: ORG-GHA-001
#   severity: HIGH
#   short_code: no-prt-head-checkout
#   recommended_action: Use pull_request, or check out the base ref only and never run PR code with secrets.
#   input:
#     selector:
#       - type: yaml
package user.github.ORG_GHA_001

import rego.v1

triggered_by_prt if input.on.pull_request_target

triggered_by_prt if "pull_request_target" in input.on

deny contains res if {
	triggered_by_prt
	some name, job in input.jobs
	some step in job.steps
	startswith(step.uses, "actions/checkout")
	contains(step["with"].ref, "github.event.pull_request.head")
	res := result.new(sprintf("job %q checks out the PR head under pull_request_target", [name]), step)
}
