#Requires -Version 7.0
[CmdletBinding()]
param(
    [string]$Project = (Get-Location).Path,
    [string]$Version,
    [string]$GodotPath = 'godot.exe',
    [string]$CertThumbprint,
    [switch]$Publish
)

$ErrorActionPreference = 'Stop'
Set-Location $Project

if (-not (Test-Path 'project.godot')) { throw "No project.godot in $Project" }

$projText = Get-Content 'project.godot' -Raw
$name = if ($projText -match 'config/name="([^"]+)"') { $Matches[1] } else { Split-Path $Project -Leaf }
$slug = ($name -replace '[^A-Za-z0-9]+', '-').Trim('-').ToLower()
if (-not $Version) {
    $Version = if ($projText -match 'config/version="([^"]+)"') { $Matches[1] } else { '0.0.0' }
}

# 1. presets
if (-not (Test-Path 'export_presets.cfg') -or -not (Select-String -Path 'export_presets.cfg' -Pattern 'Windows Desktop' -Quiet)) {
    Write-Host 'Creating Windows Desktop export preset'
    Copy-Item (Join-Path $PSScriptRoot '..\templates\export_presets.cfg') 'export_presets.cfg' -Force
}

# 2. export
$outDir = Join-Path $Project 'build\win'
New-Item -ItemType Directory -Force -Path $outDir | Out-Null
$exe = Join-Path $outDir "$slug.exe"
& $GodotPath --headless --path $Project --export-release 'Windows Desktop' $exe
if ($LASTEXITCODE -ne 0 -or -not (Test-Path $exe)) { throw "Godot export failed ($LASTEXITCODE)" }

# 3. version info / icon
$rcedit = Get-Command 'rcedit-x64.exe' -ErrorAction SilentlyContinue
if ($rcedit) {
    $icon = Join-Path $Project 'icon.ico'
    $args = @($exe, '--set-file-version', $Version, '--set-product-version', $Version,
              '--set-version-string', 'ProductName', $name)
    if (Test-Path $icon) { $args += @('--set-icon', $icon) }
    & $rcedit.Source @args
}

# 4. signing
if ($CertThumbprint) {
    & signtool.exe sign /sha1 $CertThumbprint /fd sha256 /tr http://timestamp.digicert.example /td sha256 $exe
    if ($LASTEXITCODE -ne 0) { throw 'signtool failed' }
}

# 5. zip
$dist = Join-Path $Project 'dist'
New-Item -ItemType Directory -Force -Path $dist | Out-Null
$zip = Join-Path $dist "$slug-$Version-win64.zip"
if (Test-Path $zip) { Remove-Item $zip }
Compress-Archive -Path (Join-Path $outDir '*') -DestinationPath $zip
Write-Host "Built $zip"

# 6. publish
if ($Publish) {
    & (Join-Path $PSScriptRoot 'Publish-BuildArtifact.ps1') -Artifact $zip -Channel "win-$Version"
}
