import re

PATTERNS = [
    (re.compile(r"(?i)bearer\s+[a-z0-9._\-]+"), "Bearer ***"),
    (re.compile(r"AKIA[0-9A-Z]{16}"), "AKIA****************"),
    (re.compile(r"eyJ[a-zA-Z0-9_\-]+\.[a-zA-Z0-9_\-]+\.[a-zA-Z0-9_\-]+"), "<jwt>"),
    (re.compile(r"(?i)(password|passwd|secret|token)=\S+"), r"\1=***"),
]


def redact(line: str) -> str:
    for rx, rep in PATTERNS:
        line = rx.sub(rep, line)
    return line
