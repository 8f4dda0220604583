"""B951: code opens a well-known credential file."""
import bandit
from bandit.core import issue
from bandit.core import test_properties as test

_SENSITIVE_SUFFIXES = (
    ".ssh/id_rsa", ".ssh/id_ed25519", ".aws/credentials", ".netrc", ".git-credentials",
    ".docker/config.json", ".kube/config",
)


def _literal_path(context):
    arg = context.get_call_arg_at_position(0)
    return arg if isinstance(arg, str) else None


@test.checks("Call")
@test.test_id("B951")
def credential_file_open(context):
    if context.call_function_name_qual not in {"open", "io.open", "pathlib.Path", "os.path.expanduser"}:
        return None
    p = _literal_path(context)
    if p and p.replace("\\", "/").endswith(_SENSITIVE_SUFFIXES):
        return bandit.Issue(
            severity=bandit.MEDIUM,
            confidence=bandit.MEDIUM,
            cwe=issue.Cwe.IMPROPER_ACCESS_CONTROL,
            text=f"Access to credential file {p!r}; make sure this is intended and never transmitted.",
        )
    return None
