# depot_gc.jl — report and (optionally) remove unreferenced depot content.
using Pkg, TOML, Dates

const DEPOT = abspath(first(DEPOT_PATH))
const ALLOWED = [joinpath(DEPOT, d) for d in ("packages", "artifacts", "compiled")]
const DELETE = "--delete" in ARGS

# Collect every environment manifest the depot knows about.
function active_manifests()
    usage = joinpath(DEPOT, "logs", "manifest_usage.toml")
    isfile(usage) || return String[]
    [m for m in keys(TOML.parsefile(usage)) if isfile(m)]
end

function referenced()
    slugs = Set{String}()
    for m in active_manifests()
        man = try TOML.parsefile(m) catch; continue end
        deps = get(man, "deps", man)
        for (_, entries) in deps, e in (entries isa Vector ? entries : [])
            if haskey(e, "git-tree-sha1") && haskey(e, "uuid")
                push!(slugs, Base.version_slug(Base.UUID(e["uuid"]), Base.SHA1(e["git-tree-sha1"])))
            end
        end
    end
    slugs
end

dirsize(p) = isdir(p) ? sum((filesize(joinpath(r, f)) for (r, _, fs) in walkdir(p) for f in fs); init = 0) : 0

function inside_allowed(p)
    rp = realpath(p)
    any(a -> isdir(a) && startswith(rp, realpath(a) * Base.Filesystem.path_separator), ALLOWED)
end

function candidates()
    keep = referenced()
    out = Tuple{String,Int}[]
    pkgroot = joinpath(DEPOT, "packages")
    isdir(pkgroot) || return out
    for name in readdir(pkgroot), slug in readdir(joinpath(pkgroot, name))
        p = joinpath(pkgroot, name, slug)
        # slug is derived from (uuid, tree hash); keep it if any manifest references it
        slug in keep && continue
        push!(out, (p, dirsize(p)))
    end
    out
end

cands = candidates()
total = sum(last, cands; init = 0)
println("Depot: ", DEPOT)
for (p, s) in cands
    println(rpad(relpath(p, DEPOT), 60), lpad(Base.format_bytes(s), 10))
end
println("Total reclaimable: ", Base.format_bytes(total), " in ", length(cands), " directories")

if !DELETE
    println("\nDry run only. Re-run with --delete to remove these (you will be asked to confirm).")
    exit(0)
end

isempty(cands) && exit(0)
print("Delete the ", length(cands), " directories listed above? Type 'yes' to continue: ")
answer = strip(something(readline(stdin), ""))
if answer != "yes"
    println("Aborted; nothing deleted.")
    exit(1)
end

for (p, _) in cands
    if islink(p) || !inside_allowed(p)
        @warn "refusing to delete outside depot packages/artifacts/compiled" p
        continue
    end
    rm(p; recursive = true)
    println("removed ", relpath(p, DEPOT))
end
# Let Pkg clean artifacts/compiled with its own bookkeeping.
Pkg.gc(; collect_delay = Day(0))
