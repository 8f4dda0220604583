package k8s.gate

import rego.v1

workload_kinds := {"Deployment", "StatefulSet", "DaemonSet", "Job", "ReplicaSet"}

pod_spec := input.spec.template.spec if input.kind in workload_kinds

pod_spec := input.spec.jobTemplate.spec.template.spec if input.kind == "CronJob"

pod_spec := input.spec if input.kind == "Pod"

containers contains c if {
	some c in pod_spec.containers
}

containers contains c if {
	some c in pod_spec.initContainers
}

name := sprintf("%s/%s", [input.kind, input.metadata.name])

deny contains msg if {
	some c in containers
	c.securityContext.privileged == true
	msg := sprintf("K8S-001 %s: container %q runs privileged", [name, c.name])
}

deny contains msg if {
	some v in pod_spec.volumes
	v.hostPath
	msg := sprintf("K8S-002 %s: volume %q mounts hostPath %q", [name, v.name, v.hostPath.path])
}

deny contains msg if {
	some c in containers
	some r in {"cpu", "memory"}
	not c.resources.limits[r]
	msg := sprintf("K8S-003 %s: container %q has no %s limit", [name, c.name, r])
}

deny contains msg if {
	some c in containers
	mutable_tag(c.image)
	msg := sprintf("K8S-004 %s: container %q uses mutable image %q", [name, c.name, c.image])
}

deny contains msg if {
	input.kind == "Deployment"
	some c in pod_spec.containers
	not c.readinessProbe
	msg := sprintf("K8S-005 %s: container %q has no readinessProbe", [name, c.name])
}

mutable_tag(image) if endswith(image, ":latest")

mutable_tag(image) if {
	not contains(image, "@sha256:")
	parts := split(image, "/")
	not contains(parts[count(parts) - 1], ":")
}
