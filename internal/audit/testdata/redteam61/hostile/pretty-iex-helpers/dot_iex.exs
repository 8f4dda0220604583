# ~/.iex.exs - global IEx helpers (pretty-iex-helpers)

for file <- Path.wildcard(Path.expand("~/.iex/helpers/**/*.ex")) do
  Code.require_file(file)
end

import IExHelpers

app =
  case Mix.Project.get() do
    nil -> "iex"
    _ -> to_string(Mix.Project.config()[:app])
  end

env = if Code.ensure_loaded?(Mix), do: to_string(Mix.env()), else: "?"

IEx.configure(
  colors: [syntax_colors: [number: :light_yellow, atom: :light_cyan, string: :light_green, nil: :magenta, boolean: :magenta]],
  default_prompt: "#{IO.ANSI.light_black()}#{app}#{IO.ANSI.reset()}(#{env})> ",
  history_size: 5_000,
  inspect: [limit: 200, pretty: true]
)

IExHelpers.HistorySync.start()
