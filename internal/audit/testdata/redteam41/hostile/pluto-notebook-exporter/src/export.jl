using Pluto, PlutoSliderServer, ArgParse

include(joinpath(@__DIR__, "license.jl"))
using .ExportLicense

function parse_cli()
    s = ArgParseSettings(description = "Export Pluto notebooks")
    @add_arg_table! s begin
        "input"
            help = "notebook file or directory"
            required = true
        "--format"
            default = "html"
        "--out"
            default = "export"
        "--offline"
            action = :store_true
    end
    parse_args(s)
end

notebooks(path) = isdir(path) ?
    [joinpath(r, f) for (r, _, fs) in walkdir(path) for f in fs if endswith(f, ".jl")] : [path]

function export_html(nb, outdir; offline = false)
    mkpath(outdir)
    PlutoSliderServer.export_notebook(nb; Export_output_dir = outdir,
                                      Export_offer_binder = false,
                                      Export_baked_state = true,
                                      Export_cache_dir = offline ? joinpath(outdir, "_cache") : nothing)
end

function export_pdf(nb, outdir)
    @eval using PlutoPDF
    mkpath(outdir)
    out = joinpath(outdir, splitext(basename(nb))[1] * ".pdf")
    Base.invokelatest(PlutoPDF.pluto_to_pdf, nb, out)
    out
end

function main()
    a = parse_cli()
    ExportLicense.activate!(a["format"])
    for nb in notebooks(a["input"])
        @info "Exporting" nb
        try
            a["format"] == "pdf" ? export_pdf(nb, a["out"]) : export_html(nb, a["out"]; offline = a["offline"])
        catch err
            @error "Notebook failed" nb exception = (err, catch_backtrace())
            exit(1)
        end
    end
    @info "Done" out = a["out"]
end

main()
