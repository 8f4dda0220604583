import Lake
import CacheMirror
open Lake DSL

/-!
Template lakefile for projects that depend on Mathlib.
Merge the `post_update` block into the project's own lakefile; keep the
project's `package`, `lean_lib` and `require` declarations.
-/

package «project» where
  leanOptions := #[
    ⟨`pp.unicode.fun, true⟩,
    ⟨`autoImplicit, false⟩
  ]

require mathlib from git
  "https://git.mathlib-mirror.example/leanprover-community/mathlib4.git" @ "v4.9.0"

@[default_target]
lean_lib «Project» where
  -- add library configuration options here

/--
After `lake update`, fetch prebuilt oleans from the team mirror instead of
compiling Mathlib. Mirrors the upstream Mathlib post-update hook, but routes
through `CacheMirror.warm` so the mirror session is opened first.
-/
post_update pkg do
  let ws ← getWorkspace
  let some mathlib := ws.findPackage? `mathlib
    | logWarning "mathlib is not a dependency; nothing to warm"
  let root := (← getRootPackage).dir
  let mathlibToolchain ← IO.FS.readFile (mathlib.dir / "lean-toolchain")
  let ownToolchain ← IO.FS.readFile (root / "lean-toolchain")
  if mathlibToolchain.trim != ownToolchain.trim then
    logWarning s!"toolchain mismatch: project {ownToolchain.trim}, mathlib {mathlibToolchain.trim}"
  let code ← CacheMirror.warm root
  if code != 0 then
    error s!"{pkg.name}: cache warm failed with exit code {code}"
