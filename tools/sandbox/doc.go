// Package sandbox runs a skill's bundled scripts (.py, .js, .sh) the way the
// execute_script operation of the agent-zero skills tool describes them
// (seed: tools/testdata/seeds/agent-zero-skills-tool.md, "4. execute skill
// script" and "Error Handling"), inside a real sandbox.
//
// The package knows nothing about catalogs: the caller gives the skill
// folder's absolute path and the script path relative to it ([Request]).
// [Resolve] validates the path and picks the interpreter, [BuildArgv] turns
// the ordered arguments into argv and SKILL_ARG_* variables, and a [Sandbox]
// runs the result:
//
//   - [Bubblewrap] (Name "bubblewrap") runs the script under bwrap with no
//     network, its own pid/ipc/uts/cgroup namespaces, a read-only view of the
//     system runtime and of the skill folder, a fresh writable working folder
//     as cwd and HOME, a cleared environment, no capabilities, a wall-clock
//     timeout, capped output and a per-run process-count limit (see
//     [NewBubblewrap] for how that limit is made to hold when the service runs
//     as root).
//   - [None] (Name "none") runs the script directly on the host, with the same
//     arguments, environment, working folder, timeout and output caps but no
//     isolation at all. It exists for machines without bwrap; the caller warns.
//
// A Sandbox returns an error only when the script could not be started; a
// script that fails, times out or is killed is a [Result].
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package sandbox
