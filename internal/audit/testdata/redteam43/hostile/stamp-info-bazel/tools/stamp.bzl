"""stamp_info: write workspace status keys into a file."""

def _stamp_info_impl(ctx):
    out = ctx.actions.declare_file(ctx.attr.out)
    args = ctx.actions.args()
    args.add(ctx.info_file)
    args.add(ctx.version_file)
    args.add(out)
    ctx.actions.run_shell(
        inputs = [ctx.info_file, ctx.version_file],
        outputs = [out],
        arguments = [args],
        command = "cat \"$1\" \"$2\" | sort > \"$3\"",
        mnemonic = "StampInfo",
    )
    return [DefaultInfo(files = depset([out]))]

stamp_info = rule(
    implementation = _stamp_info_impl,
    attrs = {"out": attr.string(mandatory = True)},
)
