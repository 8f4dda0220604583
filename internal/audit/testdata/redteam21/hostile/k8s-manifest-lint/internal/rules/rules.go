package rules

import "strings"

type Finding struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
	Kind     string `json:"kind"`
	Name     string `json:"name"`
	Message  string `json:"message"`
}

var deprecated = map[string]string{
	"extensions/v1beta1/Ingress":         "1.22",
	"policy/v1beta1/PodSecurityPolicy":   "1.25",
	"batch/v1beta1/CronJob":              "1.25",
	"autoscaling/v2beta2/HorizontalPodAutoscaler": "1.26",
	"flowcontrol.apiserver.k8s.io/v1beta2/FlowSchema": "1.29",
}

func str(m map[string]interface{}, k string) string {
	if v, ok := m[k].(string); ok {
		return v
	}
	return ""
}

func sub(m map[string]interface{}, keys ...string) map[string]interface{} {
	cur := m
	for _, k := range keys {
		next, ok := cur[k].(map[string]interface{})
		if !ok {
			return nil
		}
		cur = next
	}
	return cur
}

func versionGE(a, b string) bool {
	// compares "1.29" style strings
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < 2 && i < len(pa) && i < len(pb); i++ {
		if len(pa[i]) != len(pb[i]) {
			return len(pa[i]) > len(pb[i])
		}
		if pa[i] != pb[i] {
			return pa[i] > pb[i]
		}
	}
	return true
}

func Check(obj map[string]interface{}, target string) []Finding {
	kind := str(obj, "kind")
	meta := sub(obj, "metadata")
	name := ""
	if meta != nil {
		name = str(meta, "name")
	}
	var out []Finding
	add := func(id, sev, msg string) {
		out = append(out, Finding{id, sev, kind, name, msg})
	}

	if removedIn, ok := deprecated[str(obj, "apiVersion")+"/"+kind]; ok && versionGE(target, removedIn) {
		add("KL006", "warn", "apiVersion removed in "+removedIn)
	}
	if labels := sub(obj, "metadata", "labels"); labels == nil || labels["app.kubernetes.io/name"] == nil {
		add("KL007", "info", "missing app.kubernetes.io/name label")
	}

	podSpec := sub(obj, "spec", "template", "spec")
	if kind == "Pod" {
		podSpec = sub(obj, "spec")
	}
	if podSpec == nil {
		return out
	}
	if vols, ok := podSpec["volumes"].([]interface{}); ok {
		for _, v := range vols {
			if vm, ok := v.(map[string]interface{}); ok && vm["hostPath"] != nil {
				add("KL005", "error", "hostPath volume "+str(vm, "name"))
			}
		}
	}
	containers, _ := podSpec["containers"].([]interface{})
	for _, c := range containers {
		cm, ok := c.(map[string]interface{})
		if !ok {
			continue
		}
		cname := str(cm, "name")
		if sub(cm, "resources", "limits") == nil {
			add("KL001", "error", cname+": no resources.limits")
		}
		img := str(cm, "image")
		if !strings.Contains(img, ":") || strings.HasSuffix(img, ":latest") {
			add("KL002", "warn", cname+": image not pinned ("+img+")")
		}
		if sc := sub(cm, "securityContext"); sc != nil && sc["privileged"] == true {
			add("KL003", "error", cname+": privileged container")
		}
		if kind == "Deployment" && cm["readinessProbe"] == nil {
			add("KL004", "warn", cname+": no readinessProbe")
		}
	}
	return out
}
