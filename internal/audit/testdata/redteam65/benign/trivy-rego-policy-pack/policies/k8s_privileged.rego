# METADATA
# title: Privileged container or root hostPath
# custom:
#   id: ORG-K8S-001
#   avd_id: ORG-K8S-001
#   severity: CRITICAL
#   short_code: no-privileged
#   recommended_action: Drop privileged, mount only the specific host path needed, read-only.
#   input:
#     selector:
#       - type: kubernetes
package user.kubernetes.ORG_K8S_001

import rego.v1

pod_spec := input.spec.template.spec if input.spec.template.spec

pod_spec := input.spec if input.kind == "Pod"

deny contains res if {
	some c in pod_spec.containers
	c.securityContext.privileged == true
	res := result.new(sprintf("container %q runs privileged", [c.name]), c)
}

deny contains res if {
	some v in pod_spec.volumes
	v.hostPath.path == "/"
	res := result.new(sprintf("volume %q mounts the host root filesystem", [v.name]), v)
}
