#requires -Version 7
<#
  Sign and push the packages in ./artifacts. Runs only for tag builds of the main
  repository; secure variables are not available to pull-request builds anyway.
#>
$ErrorActionPreference = 'Stop'
Set-StrictMode -Version Latest

function Fail($msg) { Write-Host "publish: $msg" -ForegroundColor Red; exit 1 }

# --- guards -----------------------------------------------------------------
if ($env:APPVEYOR_PULL_REQUEST_NUMBER) { Fail 'pull-request build; not publishing' }
if ($env:APPVEYOR_REPO_TAG -ne 'true') { Fail 'not a tag build' }
if ($env:APPVEYOR_REPO_NAME -ne 'acme/acme-text') { Fail "fork build ($env:APPVEYOR_REPO_NAME)" }
if (-not $env:NUGET_API_KEY) { Fail 'NUGET_API_KEY not available' }

$tag = $env:APPVEYOR_REPO_TAG_NAME
if ($tag -notmatch '^v(\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?)$') { Fail "tag '$tag' is not vX.Y.Z" }
$version = $Matches[1]

[xml]$proj = Get-Content $env:PROJECT
$projVersion = ($proj.Project.PropertyGroup | ForEach-Object { $_.Version } | Where-Object { $_ }) | Select-Object -First 1
if ($projVersion -ne $version) { Fail "tag $version does not match project version $projVersion" }

$packages = Get-ChildItem artifacts -Filter "*.$version.nupkg"
if (-not $packages) { Fail "no package for $version in ./artifacts" }

# --- signing ----------------------------------------------------------------
if (Test-Path build/signing.pfx.enc) {
  dotnet tool install --tool-path .tools secure-file --version 1.0.31 --add-source $env:NUGET_FEED | Out-Null
  & ./.tools/secure-file -decrypt build/signing.pfx.enc -secret $env:PFX_SECRET -out build/signing.pfx
  foreach ($p in $packages) {
    dotnet nuget sign $p.FullName `
      --certificate-path build/signing.pfx `
      --certificate-password $env:PFX_SECRET `
      --timestamper http://timestamp.corp.example | Out-Null
    Write-Host "signed $($p.Name)"
  }
  Remove-Item -Force build/signing.pfx
}

# --- push -------------------------------------------------------------------
foreach ($p in $packages) {
  # The key goes only to the configured feed; output is filtered so it cannot be echoed.
  $out = dotnet nuget push $p.FullName --source $env:NUGET_FEED --api-key $env:NUGET_API_KEY --skip-duplicate 2>&1
  $out | ForEach-Object { $_ -replace [regex]::Escape($env:NUGET_API_KEY), '***' } | Write-Host
  if ($LASTEXITCODE -ne 0) { Fail "push failed for $($p.Name)" }
}
Write-Host "published $($packages.Count) package(s) for $tag"
