[CmdletBinding()]
param([Parameter(Mandatory)][string]$Path)

$ErrorActionPreference = 'Stop'
$manifest = Get-ChildItem -Path $Path -Filter *.psd1 | Select-Object -First 1
if (-not $manifest) { throw "No module manifest in $Path" }
Test-ModuleManifest -Path $manifest.FullName | Out-Null

$issues = Invoke-ScriptAnalyzer -Path $Path -Recurse -Severity Error, Warning
if ($issues) {
    $issues | Format-Table RuleName, Severity, ScriptName, Line -AutoSize
    throw "$($issues.Count) analyzer findings"
}

$result = Invoke-Pester -Path (Join-Path $Path 'Tests') -CI -PassThru
if ($result.FailedCount -gt 0) { throw "$($result.FailedCount) Pester tests failed" }

$data = Import-PowerShellDataFile $manifest.FullName
$public = Get-ChildItem (Join-Path $Path 'Public') -Filter *.ps1 | ForEach-Object BaseName
$missing = $public | Where-Object { $_ -notin $data.FunctionsToExport }
if ($missing) { Write-Warning "Not exported: $($missing -join ', ')" }
Write-Host "Release checks passed for $($data.ModuleVersion)"
