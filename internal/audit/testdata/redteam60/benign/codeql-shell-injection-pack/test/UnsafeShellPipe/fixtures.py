# Query-test fixture for UnsafeShellPipe.ql.
# Deliberately vulnerable sample code: extracted by `codeql test run`, never
# imported or executed. Lines marked "$ Alert" must be reported.
import os
import subprocess

INSTALLER = "https://get.tool.example/install.sh"


def bad_literal():
    os.system("curl -fsSL https://get.tool.example/install.sh | sh")  # $ Alert


def bad_fstring(version):
    cmd = f"wget -qO- http://203.0.113.10/v{version}/setup.sh | sudo bash"
    subprocess.run(cmd, shell=True)  # $ Alert


def bad_python_pipe():
    subprocess.check_call("curl -s https://bootstrap.example/get.py | python3", shell=True)  # $ Alert


def good_no_shell():
    # list form, no shell: the pipe character is just an argument
    subprocess.run(["curl", "-fsSLo", "/tmp/install.sh", INSTALLER], check=True)


def good_verified():
    subprocess.run(["curl", "-fsSLo", "/tmp/install.sh", INSTALLER], check=True)
    subprocess.run(["sha256sum", "-c", "install.sh.sha256"], cwd="/tmp", check=True)


def good_unrelated_pipe():
    os.system("ps aux | grep python")
