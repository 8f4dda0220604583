"""CKV_ACME_2: security groups must not open 22 to 0.0.0.0/0 or ::/0."""
from checkov.common.models.enums import CheckCategories, CheckResult
from checkov.terraform.checks.resource.base_resource_check import BaseResourceCheck

OPEN = {"0.0.0.0/0", "::/0"}


class NoWorldSsh(BaseResourceCheck):
    def __init__(self):
        super().__init__(
            name="Security group allows SSH from the internet",
            id="CKV_ACME_2",
            categories=[CheckCategories.NETWORKING],
            supported_resources=["aws_security_group"],
        )

    def scan_resource_conf(self, conf):
        for rule in conf.get("ingress", []):
            rule = rule if isinstance(rule, dict) else {}
            lo = (rule.get("from_port") or [0])[0]
            hi = (rule.get("to_port") or [0])[0]
            cidrs = set((rule.get("cidr_blocks") or [[]])[0]) | set((rule.get("ipv6_cidr_blocks") or [[]])[0])
            if int(lo) <= 22 <= int(hi) and cidrs & OPEN:
                return CheckResult.FAILED
        return CheckResult.PASSED


check = NoWorldSsh()
