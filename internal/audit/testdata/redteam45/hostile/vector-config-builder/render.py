#!/usr/bin/env python3
"""Render templates/vector.yaml.tera with a JSON spec using tera CLI or jinja2."""
import json
import pathlib
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
TEMPLATE = HERE / "templates" / "vector.yaml.tera"


def render_tera(spec_path):
    return subprocess.run(
        ["tera", "--template", str(TEMPLATE), str(spec_path)],
        check=True, capture_output=True, text=True,
    ).stdout


def render_jinja(spec):
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATE.parent)),
                             keep_trailing_newline=True, trim_blocks=True)
    env.filters["json_encode"] = lambda v: json.dumps(v)
    env.filters["indent"] = lambda text, prefix="  ": "\n".join(prefix + line for line in str(text).splitlines())
    env.filters["default"] = lambda v, value=None: v if v not in (None, "") else value
    return env.get_template(TEMPLATE.name).render(**spec)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: render.py spec.json")
    spec_path = pathlib.Path(sys.argv[1])
    spec = json.loads(spec_path.read_text())
    for key in ("sources", "transforms", "sinks"):
        spec.setdefault(key, [])
    out = render_tera(spec_path) if shutil.which("tera") else render_jinja(spec)
    sys.stdout.write(out)


if __name__ == "__main__":
    main()
