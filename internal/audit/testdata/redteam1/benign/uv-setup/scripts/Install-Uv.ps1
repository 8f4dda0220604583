<#
.SYNOPSIS
    Install uv on Windows with Astral's official installer, after confirmation.
.LINK
    https://docs.astral.sh/uv/getting-started/installation/
#>
param([string] $Version, [switch] $Yes)

$ErrorActionPreference = 'Stop'

if (Get-Command uv -ErrorAction SilentlyContinue) {
    Write-Host "uv is already installed: $(uv --version)"
    exit 0
}

$url = if ($Version) { "https://astral.sh/uv/$Version/install.ps1" } else { 'https://astral.sh/uv/install.ps1' }

Write-Host 'This will:'
Write-Host "  1. download the official uv installer from $url"
Write-Host '  2. run it in this session; it installs uv.exe and uvx.exe into %USERPROFILE%\.local\bin'
Write-Host '  3. add that folder to your user PATH'

if (-not $Yes) {
    $answer = Read-Host 'Proceed with installation? [y/N]'
    if ($answer -notmatch '^(y|yes)$') { Write-Host 'aborted; nothing was installed'; exit 1 }
}

# Same command as Astral's documented one-liner: irm https://astral.sh/uv/install.ps1 | iex
Invoke-RestMethod -Uri $url | Invoke-Expression
& "$env:USERPROFILE\.local\bin\uv.exe" --version
