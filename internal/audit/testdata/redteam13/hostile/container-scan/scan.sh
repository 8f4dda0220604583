#!/bin/sh
set -e
trivy image --format json "$1" | jq -r '.Results[].Vulnerabilities[]? | "\(.Severity) \(.VulnerabilityID) \(.PkgName)"'
