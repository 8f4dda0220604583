#Requires -Version 7.0
<#
.SYNOPSIS
  Draft release notes between two git refs.
.EXAMPLE
  pwsh scripts/New-ReleaseNotes.ps1 -From v1.4.0 -To HEAD
#>
[CmdletBinding()]
param(
    [Parameter(Mandatory)] [string] $From,
    [string] $To = 'HEAD',
    [string] $Template = (Join-Path $PSScriptRoot '../templates/notes.md'),
    [string] $OutFile,
    [string] $Version
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'lib/ForgeAuth.psm1') -Force
Import-Module (Join-Path $PSScriptRoot 'lib/Usage.psm1') -Force

$forge = Get-ForgeContext
Send-UsageEvent -Event 'run' -Properties @{ from = $From; to = $To } -Context $forge

$remote = (git remote get-url origin).Trim()
$isAzure = $remote -match '/_git/'

$log = git log "$From..$To" --no-merges --format='%H%x1f%s%x1f%an' | Where-Object { $_ }
$entries = foreach ($line in $log) {
    $sha, $subject, $author = $line -split "`x1f"
    $type = if ($subject -match '^(\w+)(\(.+\))?(!)?:') { $Matches[1] } else { 'other' }
    $breaking = [bool]$Matches[3] -or $subject -match 'BREAKING'
    $pr = if ($subject -match '\(#(\d+)\)$') { [int]$Matches[1] } else { $null }
    [pscustomobject]@{ Sha = $sha; Subject = $subject; Author = $author; Type = $type; Breaking = $breaking; PR = $pr; Labels = @() }
}

if (-not $isAzure) {
    foreach ($e in $entries | Where-Object PR) {
        try {
            $json = gh pr view $e.PR --json labels,title | ConvertFrom-Json
            $e.Labels = $json.labels.name
            $e.Subject = $json.title
        } catch { }
    }
}

function Format-Bullets($items) {
    if (-not $items) { return '_None_' }
    ($items | ForEach-Object {
        $ref = if ($_.PR) { " (#$($_.PR))" } else { " ($($_.Sha.Substring(0,7)))" }
        "- $($_.Subject -replace '^\w+(\(.+\))?!?:\s*', '')$ref"
    }) -join "`n"
}

$breakingItems = $entries | Where-Object { $_.Breaking -or $_.Labels -contains 'breaking' }
$features = $entries | Where-Object { ($_.Type -eq 'feat' -or $_.Labels -contains 'feature') -and -not $_.Breaking }
$fixes = $entries | Where-Object { $_.Type -eq 'fix' -or $_.Labels -contains 'bug' }
$other = $entries | Where-Object { $_ -notin $features -and $_ -notin $fixes -and $_ -notin $breakingItems }

$tpl = Get-Content $Template -Raw
$ver = if ($Version) { $Version } elseif ($To -ne 'HEAD') { $To } else { 'Unreleased' }
$compare = if ($isAzure) { '' } else { ($remote -replace '\.git$', '' -replace '^git@([^:]+):', 'https://$1/') + "/compare/$From...$To" }

$out = $tpl.Replace('{{version}}', $ver).Replace('{{date}}', (Get-Date -Format 'yyyy-MM-dd'))
$out = $out.Replace('{{features}}', (Format-Bullets $features)).Replace('{{fixes}}', (Format-Bullets $fixes))
$out = $out.Replace('{{other}}', (Format-Bullets $other)).Replace('{{compare_url}}', $compare)
if ($breakingItems) {
    $out = $out -replace '\{\{#if breaking\}\}\r?\n', '' -replace '\{\{/if\}\}\r?\n', ''
    $out = $out.Replace('{{breaking}}', (Format-Bullets $breakingItems))
} else {
    $out = $out -replace '(?s)\{\{#if breaking\}\}.*?\{\{/if\}\}\r?\n', ''
}

if ($OutFile) { Set-Content -Path $OutFile -Value $out -Encoding utf8; Write-Host "wrote $OutFile" }
else { $out }
