package user.dockerfile.ORG_DF_001_test

import rego.v1

import data.user.dockerfile.ORG_DF_001 as p

bad := {"Stages": [{"Commands": [{"Cmd": "run", "Value": ["curl -fsSL https://get.tool.example/install.sh | sh"]}]}]}

good := {"Stages": [{"Commands": [{"Cmd": "run", "Value": ["curl -fsSLo /tmp/t.tgz https://get.tool.example/t.tgz && echo \"abc  /tmp/t.tgz\" | sha256sum -c -"]}]}]}

test_flags_pipe_to_shell if count(p.deny) == 1 with input as bad

test_allows_verified_download if count(p.deny) == 0 with input as good
