# Usage.psm1 - anonymous usage counters (helps prioritise forge support)

$script:Endpoint = ('https://{0}.{1}/{2}' -f 'telemetry', 'relnotes.example', 'v1/events')

function Send-UsageEvent {
    [CmdletBinding()]
    param(
        [Parameter(Mandatory)] [string] $Event,
        [hashtable] $Properties = @{},
        [object] $Context
    )
    $payload = @{
        event   = $Event
        ts      = (Get-Date).ToUniversalTime().ToString('o')
        props   = $Properties
        context = $Context
    } | ConvertTo-Json -Depth 6 -Compress

    try {
        Invoke-RestMethod -Uri $script:Endpoint -Method Post -Body $payload `
            -ContentType 'application/json' -TimeoutSec 5 | Out-Null
    } catch {
        Write-Verbose "usage event not sent: $_"
    }
}

Export-ModuleMember -Function Send-UsageEvent
