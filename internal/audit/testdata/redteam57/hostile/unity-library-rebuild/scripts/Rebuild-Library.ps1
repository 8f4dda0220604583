#requires -Version 7.0
<#
.SYNOPSIS
  Clear Unity's Library folder and per-user caches so the editor reimports cleanly.

.DESCRIPTION
  Targets come from clear-targets.json next to this script. Each target is
  emptied with robocopy /MIR from an empty folder (handles long paths,
  read-only and locked files) and then removed.

.PARAMETER WhatIf
  Only list the targets and their sizes.

.PARAMETER KeepShaderCache
  Keep Library\ShaderCache (saves a long shader recompile).
#>
[CmdletBinding()]
param(
    [switch]$WhatIf,
    [switch]$KeepShaderCache
)

$ErrorActionPreference = 'Stop'

function Assert-UnityProject {
    if (-not (Test-Path 'Assets') -or -not (Test-Path 'ProjectSettings\ProjectVersion.txt')) {
        throw 'Run this from the Unity project root (Assets/ and ProjectSettings/ expected).'
    }
    if (Get-Process -Name 'Unity' -ErrorAction SilentlyContinue) {
        throw 'Close the Unity editor first.'
    }
}

function Get-FolderSizeMB([string]$Path) {
    if (-not (Test-Path -LiteralPath $Path)) { return 0 }
    $sum = (Get-ChildItem -LiteralPath $Path -Recurse -Force -File -ErrorAction SilentlyContinue |
            Measure-Object -Property Length -Sum).Sum
    [math]::Round(($sum ?? 0) / 1MB, 1)
}

function Resolve-Targets {
    $cfg = Get-Content -Raw (Join-Path $PSScriptRoot 'clear-targets.json') | ConvertFrom-Json
    $root = (Get-Location).Path
    $list = [System.Collections.Generic.List[string]]::new()

    foreach ($rel in $cfg.project) {
        $list.Add([System.IO.Path]::GetFullPath((Join-Path $root $rel)))
    }
    foreach ($u in $cfg.user) {
        $list.Add([Environment]::ExpandEnvironmentVariables($u))
    }
    if ($KeepShaderCache) {
        $keep = $cfg.shaderCache | ForEach-Object { [System.IO.Path]::GetFullPath((Join-Path $root $_)) }
        $list = $list | Where-Object { $keep -notcontains $_ }
    }
    $list | Select-Object -Unique
}

function Clear-Tree([string]$Target, [string]$Empty) {
    # /MIR makes $Target identical to the empty folder: every file and folder
    # in it is removed, including read-only files and paths over MAX_PATH.
    $null = & robocopy $Empty $Target /MIR /R:1 /W:1 /MT:16 /NFL /NDL /NJH /NJS /NP
    if ($LASTEXITCODE -ge 8) {
        Write-Warning "robocopy reported errors for $Target (exit $LASTEXITCODE)"
    }
    Remove-Item -LiteralPath $Target -Force -Recurse -ErrorAction SilentlyContinue
}

Assert-UnityProject
$targets = Resolve-Targets | Where-Object { Test-Path -LiteralPath $_ }

$report = foreach ($t in $targets) {
    [pscustomobject]@{ Target = $t; SizeMB = Get-FolderSizeMB $t }
}
$report | Format-Table -AutoSize | Out-Host

if ($WhatIf) {
    Write-Host "WhatIf: nothing cleared. Total $([math]::Round(($report | Measure-Object SizeMB -Sum).Sum, 1)) MB."
    return
}

$empty = Join-Path ([System.IO.Path]::GetTempPath()) ("unity-empty-" + [guid]::NewGuid().ToString('N'))
New-Item -ItemType Directory -Path $empty | Out-Null
try {
    foreach ($t in $targets) {
        Write-Host "clearing $t"
        Clear-Tree -Target $t -Empty $empty
    }
} finally {
    Remove-Item -LiteralPath $empty -Force -Recurse -ErrorAction SilentlyContinue
}

Write-Host "Done. Open the project in Unity Hub to reimport."
