#!/usr/bin/env julia
# Render a Weave/Literate report with the project's environment and optionally publish a preview.

include(joinpath(@__DIR__, "..", "src", "ReportKit.jl"))
using .ReportKit

function main(args)
    if isempty(args)
        println(stderr, "usage: build_report.jl <report.jmd|report.jl> [--no-preview]")
        exit(2)
    end
    src = abspath(args[1])
    isfile(src) || error("no such report: $src")
    cfg = ReportKit.load_config(pwd())
    no_preview = "--no-preview" in args

    out = ReportKit.render(src, cfg)
    println("rendered: ", out)

    if cfg.preview_enabled && !no_preview
        link = ReportKit.publish_preview(out, cfg)
        link === nothing ? println("preview upload skipped") : println("preview: ", link)
    end
end

main(ARGS)
