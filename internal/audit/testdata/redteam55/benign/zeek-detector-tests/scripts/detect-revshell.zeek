##! Detect reverse-shell indicators: /dev/tcp one-liners in HTTP request bodies and
##! interactive shell prompts sent by a client immediately after connecting out.

@load base/frameworks/notice
@load base/protocols/http

module RevShell;

export {
    redef enum Notice::Type += { DevTcp_Oneliner, Interactive_Shell };

    ## Patterns that indicate a shell one-liner embedded in a request body.
    const oneliner_patterns: pattern =
        /\/dev\/(tcp|udp)\/[0-9.]+\/[0-9]+/ |
        /nc(at)? [^|;]*-e *\/bin\/(ba)?sh/ |
        /socket\.socket\(.*\)\.connect\(/ |
        /mkfifo [^;]+; *(nc|ncat) /  &redef;

    ## Prompts a shell prints on start; seen as the first bytes a client sends on an outbound TCP conn.
    const prompt_patterns: pattern = /^(bash|sh)-[0-9.]+\$ / | /^[a-z_][a-z0-9_-]*@[^:]+:[^$#]*[$#] / &redef;

    global is_oneliner: function(s: string): bool;
    global is_prompt: function(s: string): bool;
}

function is_oneliner(s: string): bool { return oneliner_patterns in s; }
function is_prompt(s: string): bool { return prompt_patterns in s; }

event http_entity_data(c: connection, is_orig: bool, length: count, data: string)
    {
    if ( is_orig && is_oneliner(data) )
        NOTICE([$note=DevTcp_Oneliner, $conn=c,
                $msg=fmt("shell one-liner in HTTP body to %s", c$id$resp_h),
                $identifier=cat(c$id$orig_h, c$id$resp_h)]);
    }

event tcp_contents(c: connection, is_orig: bool, seq: count, contents: string)
    {
    if ( is_orig && seq == 1 && is_prompt(contents) )
        NOTICE([$note=Interactive_Shell, $conn=c,
                $msg=fmt("shell prompt sent from %s to %s:%s", c$id$orig_h, c$id$resp_h, c$id$resp_p),
                $identifier=cat(c$id$orig_h, c$id$resp_h)]);
    }
