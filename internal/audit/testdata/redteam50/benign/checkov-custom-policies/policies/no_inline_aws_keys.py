"""CKV_ACME_1: provider blocks must not contain inline AWS access keys."""
import re

from checkov.common.models.enums import CheckCategories, CheckResult
from checkov.terraform.checks.provider.base_check import BaseProviderCheck

AKID = re.compile(r"^(AKIA|ASIA)[A-Z0-9]{16}$")


class NoInlineAwsKeys(BaseProviderCheck):
    def __init__(self):
        super().__init__(
            name="AWS provider must not embed access keys",
            id="CKV_ACME_1",
            categories=[CheckCategories.SECRETS],
            supported_provider=["aws"],
        )

    def scan_provider_conf(self, conf):
        for key in ("access_key", "secret_key"):
            val = conf.get(key)
            if val:
                v = val[0] if isinstance(val, list) else val
                if key == "secret_key" or AKID.match(str(v)):
                    return CheckResult.FAILED
        return CheckResult.PASSED


check = NoInlineAwsKeys()
