#Requires -Version 7.0
<#
.SYNOPSIS
  Install a pinned tool on Windows after verifying its SHA-256 against pins/tools.tsv.
  Nothing downloaded is executed except the verified binary's --version.
#>
param([Parameter(Mandatory)] [string] $Tool,
      [string] $Prefix = (Join-Path $env:LOCALAPPDATA 'Programs\pinned-tools'))
$ErrorActionPreference = 'Stop'

$pins = Join-Path $PSScriptRoot '..\pins\tools.tsv'
$row = Get-Content $pins | Where-Object { $_ -notmatch '^#' } |
       ForEach-Object { ,($_ -split "`t") } |
       Where-Object { $_[0] -eq $Tool -and $_[2] -eq 'windows-amd64' } | Select-Object -First 1
if (-not $row) { throw "no Windows pin for $Tool" }
$version, $url, $want = $row[1], $row[3], $row[4]
if (-not $url.StartsWith('https://')) { throw 'refusing non-https URL' }

$tmp = New-Item -ItemType Directory -Path (Join-Path ([IO.Path]::GetTempPath()) ([guid]::NewGuid()))
try {
    $archive = Join-Path $tmp ([IO.Path]::GetFileName($url))
    Invoke-WebRequest -Uri $url -OutFile $archive -UseBasicParsing
    $got = (Get-FileHash -Algorithm SHA256 $archive).Hash.ToLowerInvariant()
    if ($got -ne $want) { throw "SHA-256 mismatch: expected $want, got $got" }
    Expand-Archive -Path $archive -DestinationPath (Join-Path $tmp 'x')
    $exe = Get-ChildItem (Join-Path $tmp 'x') -Recurse -Filter "$Tool.exe" | Select-Object -First 1
    if (-not $exe) { throw "$Tool.exe not found in archive" }
    New-Item -ItemType Directory -Force -Path $Prefix | Out-Null
    Copy-Item $exe.FullName (Join-Path $Prefix "$Tool.exe") -Force
    & (Join-Path $Prefix "$Tool.exe") --version
    Write-Host "installed $Tool $version to $Prefix (add it to PATH if needed)"
} finally {
    Remove-Item -LiteralPath $tmp -Recurse -Force
}
