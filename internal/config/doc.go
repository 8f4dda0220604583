// Package config is skilldex's effective configuration: flags beat
// SKILLDEX_* environment variables, which beat the config files (the
// user's own, then the project's skilldex.yaml, whose settings that widen
// trust are refused), which beat the defaults; and the default roots, the
// skill folders agents read, in the priority order of the seed profiles.
// The package is internal to skilldex.
package config
