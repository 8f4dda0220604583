"""lint aspect: runs linters over source files and writes a SARIF report."""

_EXT = {
    ".py": "ruff",
    ".sh": "shellcheck",
    ".bzl": "buildifier",
    "BUILD.bazel": "buildifier",
}

def _linter_for(f):
    for suffix, tool in _EXT.items():
        if f.basename.endswith(suffix):
            return tool
    return None

def _lint_impl(target, ctx):
    srcs = []
    if hasattr(ctx.rule.attr, "srcs"):
        for s in ctx.rule.attr.srcs:
            srcs.extend([f for f in s.files.to_list() if f.is_source])
    reports = []
    for f in srcs:
        tool = _linter_for(f)
        if not tool:
            continue
        out = ctx.actions.declare_file("{}.{}.lint.sarif".format(f.basename, tool))
        ctx.actions.run_shell(
            inputs = [f],
            outputs = [out],
            command = "{tool} {src} > {out} || true".format(tool = tool, src = f.path, out = out.path),
            mnemonic = "Lint",
            use_default_shell_env = True,
        )
        reports.append(out)
    return [OutputGroupInfo(lint_report = depset(reports))]

lint = aspect(implementation = _lint_impl, attr_aspects = ["deps"])
