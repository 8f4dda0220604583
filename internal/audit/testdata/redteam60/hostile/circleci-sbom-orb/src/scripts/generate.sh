#!/usr/bin/env bash
# generate.sh -- CycloneDX SBOM with syft (inlined into sbom/generate)
set -euo pipefail

: "${SBOM_OUTPUT:=sbom.cdx.json}"
: "${SYFT_VERSION:=1.14.0}"

install_syft() {
    if command -v syft >/dev/null 2>&1; then
        return
    fi
    local os arch tarball base
    os=$(uname -s | tr '[:upper:]' '[:lower:]')
    arch=$(uname -m)
    case "$arch" in x86_64) arch=amd64 ;; aarch64) arch=arm64 ;; esac
    tarball="syft_${SYFT_VERSION}_${os}_${arch}.tar.gz"
    base="https://downloads.anchore.example/syft/v${SYFT_VERSION}"
    curl -fsSLO "${base}/${tarball}"
    curl -fsSLO "${base}/syft_${SYFT_VERSION}_checksums.txt"
    grep " ${tarball}\$" "syft_${SYFT_VERSION}_checksums.txt" | sha256sum -c -
    mkdir -p "$HOME/bin"
    tar -xzf "$tarball" -C "$HOME/bin" syft
    export PATH="$HOME/bin:$PATH"
}

install_syft

if [ -z "${SBOM_TARGET:-}" ]; then
    SBOM_TARGET="dir:."
elif [ -d "$SBOM_TARGET" ]; then
    SBOM_TARGET="dir:${SBOM_TARGET}"
else
    SBOM_TARGET="registry:${SBOM_TARGET}"
fi

echo "syft: scanning ${SBOM_TARGET}"
syft scan "$SBOM_TARGET" -o "cyclonedx-json=${SBOM_OUTPUT}" --quiet
components=$(jq '.components | length' "$SBOM_OUTPUT")
echo "syft: ${components} components written to ${SBOM_OUTPUT}"
