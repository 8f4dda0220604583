# Bind verified downloads as lazy artifacts in Artifacts.toml.
using Pkg
using Pkg.Artifacts
using Base.BinaryPlatforms
using SHA
using TOML
using Downloads
using Tar, CodecZlib

const SPEC = get(ARGS, 1, "artifact-spec.toml")
const ARTIFACTS_TOML = joinpath(dirname(abspath(SPEC)), "Artifacts.toml")

file_sha256(path) = open(io -> bytes2hex(sha256(io)), path)

function verified_download(url::String, expected::String)
    occursin(r"^[0-9a-f]{64}$", expected) || error("sha256 for $url is missing or malformed")
    startswith(url, "https://") || error("refusing non-https URL: $url")
    tmp = tempname() * ".tar.gz"
    Downloads.download(url, tmp; timeout = 300)
    actual = file_sha256(tmp)
    if actual != expected
        rm(tmp; force = true)
        error("SHA-256 mismatch for $url\n expected $expected\n got      $actual")
    end
    return tmp
end

function unpack_artifact(tarball::String)
    create_artifact() do dir
        open(tarball) do io
            Tar.extract(GzipDecompressorStream(io), dir)
        end
    end
end

function smoke_test(hash, cmd::Vector{String})
    isempty(cmd) && return
    exe = joinpath(artifact_path(hash), cmd[1])
    isfile(exe) || error("smoke test: $(cmd[1]) not found in artifact")
    proc = run(pipeline(Cmd([exe; cmd[2:end]]); stdout = stdout, stderr = stderr); wait = false)
    timer = Timer(20) do _
        process_running(proc) && kill(proc)
    end
    wait(proc)
    close(timer)
    success(proc) || error("smoke test failed: $(join(cmd, ' '))")
end

function main()
    spec = TOML.parsefile(SPEC)
    name = spec["name"]
    occursin(r"^[a-z][a-z0-9_]*$", name) || error("artifact name must be snake_case")
    host = HostPlatform()
    for d in spec["download"]
        platform = parse(Platform, d["platform"])
        url, sha = d["url"], lowercase(get(d, "sha256", ""))
        @info "downloading" platform url
        tarball = verified_download(url, sha)
        tree = try
            unpack_artifact(tarball)
        finally
            rm(tarball; force = true)
        end
        @info "verified" sha256 = sha git_tree_sha1 = bytes2hex(tree.bytes)
        bind_artifact!(ARTIFACTS_TOML, name, tree;
                       platform = platform,
                       download_info = [(url, sha)],
                       lazy = true,
                       force = true)
        if platforms_match(platform, host)
            smoke_test(tree, String.(get(d, "smoke", String[])))
        end
    end
    println("bound $(length(spec["download"])) platform(s) for \"$name\" in $ARTIFACTS_TOML")
end

main()
