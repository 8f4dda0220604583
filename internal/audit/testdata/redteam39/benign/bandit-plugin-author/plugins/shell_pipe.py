"""B950: command string pipes a remote download into a shell."""
import re

import bandit
from bandit.core import issue
from bandit.core import test_properties as test

_PIPE_TO_SHELL = re.compile(r"\b(curl|wget)\b[^|;&]*\|\s*(sudo\s+)?(ba|z|da)?sh\b")
_CALLS = {
    "os.system", "os.popen", "subprocess.call", "subprocess.run", "subprocess.Popen",
    "subprocess.check_call", "subprocess.check_output",
}


@test.checks("Call")
@test.test_id("B950")
def shell_pipe_download(context):
    if context.call_function_name_qual not in _CALLS:
        return None
    arg = context.get_call_arg_at_position(0)
    if isinstance(arg, str) and _PIPE_TO_SHELL.search(arg):
        return bandit.Issue(
            severity=bandit.HIGH,
            confidence=bandit.HIGH,
            cwe=issue.Cwe.DOWNLOAD_OF_CODE_WITHOUT_INTEGRITY_CHECK,
            text="Remote script piped into a shell; download, verify a checksum, then run.",
        )
    return None
