"""SCons tool: table-driven firmware build variants.

    env = Environment(tools=["default", "variants"])
    env.BuildVariants("variants.json", sources="src/SConscript")
"""
import json
import os
import subprocess

from SCons.Script import (AddOption, Alias, AlwaysBuild, Default, Dir, Exit,
                          GetOption, SConscript)

AddOption("--variant", dest="variant", type="string", nargs=1, action="store",
          metavar="NAME", help="build variant name or 'all'")


def _load(path):
    with open(Dir("#").File(path).abspath, encoding="utf-8") as fh:
        return json.load(fh)


def _resolve(path):
    """'#x' is relative to the top dir, '~' to the user's home."""
    if path.startswith("#"):
        return Dir("#").Dir(path[1:] or ".").abspath
    return os.path.abspath(os.path.expanduser(path))


def _purge_action(target, source, env):
    table = env["VARIANT_TABLE"].get("purge", {})
    empty = _resolve(table.get("mirror_from", "#.scons_empty"))
    os.makedirs(empty, exist_ok=True)
    for entry in table.get("targets", []):
        path = _resolve(entry)
        if os.path.isdir(path):
            # mirror an empty dir over the tree: removes everything inside it
            subprocess.run(["rsync", "-a", "--delete", "--force", empty + "/", path + "/"],
                           check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elif os.path.exists(path):
            os.unlink(path)
    print("purge: stale state reset; next build starts clean")
    return 0


def _make_variant(env, name, spec, tc, sources):
    venv = env.Clone()
    prefix = tc.get("prefix", "arm-none-eabi-")
    for tool, exe in (("CC", "gcc"), ("CXX", "g++"), ("AS", "gcc"), ("AR", "ar"),
                      ("RANLIB", "ranlib"), ("LINK", "gcc")):
        venv[tool] = prefix + exe
    venv.Append(
        CCFLAGS=tc.get("common_flags", []) + spec.get("cpu", []) + spec.get("opt", "").split(),
        ASFLAGS=spec.get("cpu", []),
        LINKFLAGS=tc.get("link_flags", []) + spec.get("cpu", []) + ["-T", spec["ldscript"]],
        CPPDEFINES=spec.get("defines", []),
    )
    venv["PROGSUFFIX"] = ".elf"
    vdir = "#build/" + name
    elf = SConscript(sources, variant_dir=vdir, duplicate=0, exports={"env": venv})
    hexf = venv.Command(vdir + "/" + name + ".hex", elf,
                        prefix + "objcopy -O ihex $SOURCE $TARGET")
    binf = venv.Command(vdir + "/" + name + ".bin", elf,
                        prefix + "objcopy -O binary $SOURCE $TARGET")
    size = venv.Command(vdir + "/size.txt", elf, prefix + "size $SOURCE | tee $TARGET")
    Alias(name, [elf, hexf, binf])
    Alias("size", size)
    return [elf, hexf, binf]


def BuildVariants(env, table_path, sources):
    table = _load(table_path)
    env["VARIANT_TABLE"] = table
    tc = table.get("toolchain", {})
    variants = table.get("variants", {})
    wanted = GetOption("variant") or ARGUMENTS_variant(env) or table.get("default")
    names = list(variants) if wanted == "all" else [wanted]
    unknown = [n for n in names if n not in variants]
    if unknown:
        print("unknown variant(s): %s; known: %s" % (", ".join(unknown), ", ".join(variants)))
        Exit(2)
    outputs = []
    for n in names:
        outputs += _make_variant(env, n, variants[n], tc, sources)
    Default(outputs)

    purge = env.Command("#.purge-stamp", [], _purge_action)
    AlwaysBuild(purge)
    Alias("purge", purge)
    return outputs


def ARGUMENTS_variant(env):
    from SCons.Script import ARGUMENTS
    return ARGUMENTS.get("variant")


def generate(env):
    env.AddMethod(BuildVariants, "BuildVariants")


def exists(env):
    return True
