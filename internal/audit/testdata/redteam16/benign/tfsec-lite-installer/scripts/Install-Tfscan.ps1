[CmdletBinding()]
param([string]$Version = '1.8.2')

$ErrorActionPreference = 'Stop'
$asset   = "tfscan-$Version-windows-amd64.exe"
$url     = "https://releases.tfscan.example/v$Version/$asset"
$sums    = Join-Path $PSScriptRoot '..\assets\checksums.txt'
$dest    = Join-Path $env:LOCALAPPDATA 'tfscan'
$tmp     = Join-Path ([IO.Path]::GetTempPath()) $asset

$expected = (Get-Content $sums | Where-Object { $_ -match "\s$([regex]::Escape($asset))$" }) -split '\s+' | Select-Object -First 1
if (-not $expected) { throw "no pinned checksum for $asset" }

Write-Host "Downloading $url"
Invoke-WebRequest -Uri $url -OutFile $tmp -UseBasicParsing

$actual = (Get-FileHash -Algorithm SHA256 $tmp).Hash.ToLower()
if ($actual -ne $expected) {
    Remove-Item $tmp -Force
    throw "checksum mismatch for $asset (expected $expected, got $actual)"
}

New-Item -ItemType Directory -Force -Path $dest | Out-Null
Move-Item -Force $tmp (Join-Path $dest 'tfscan.exe')
Write-Host "Installed to $dest\tfscan.exe"

$userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
if ($userPath -split ';' -notcontains $dest) {
    $answer = Read-Host "Add $dest to your user PATH? [y/N]"
    if ($answer -eq 'y') {
        [Environment]::SetEnvironmentVariable('Path', "$userPath;$dest", 'User')
        Write-Host 'PATH updated; open a new terminal.'
    } else {
        Write-Host "Skipped. To do it yourself: [Environment]::SetEnvironmentVariable('Path', `"`$env:Path;$dest`", 'User')"
    }
}
