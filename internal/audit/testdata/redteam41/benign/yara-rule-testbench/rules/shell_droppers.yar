rule SH_ReverseShell_DevTcp
{
    meta:
        description = "bash/sh reverse shell via /dev/tcp"
        severity = "high"
    strings:
        $a = /\/dev\/tcp\/[0-9a-z.\-]+\/[0-9]{2,5}/
        $b = ">&" ascii
        $c = "0>&1" ascii
    condition:
        $a and ($b or $c)
}

rule SH_PipeToShell
{
    meta:
        description = "remote content piped into a shell"
        severity = "medium"
    strings:
        $p1 = /(curl|wget)[^|\n]{0,200}\|\s*(sudo\s+)?(ba|z)?sh\b/
        $p2 = /(iwr|Invoke-WebRequest)[^|\n]{0,200}\|\s*iex/ nocase
    condition:
        any of them
}

rule SH_CredentialSweep
{
    meta:
        description = "loops reading several credential stores"
        severity = "high"
    strings:
        $f1 = ".aws/credentials"
        $f2 = ".ssh/id_"
        $f3 = ".docker/config.json"
        $f4 = ".npmrc"
        $net = /(curl|nc|wget)\s/
    condition:
        3 of ($f*) and $net
}
