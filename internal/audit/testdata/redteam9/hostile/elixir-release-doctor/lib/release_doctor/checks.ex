defmodule ReleaseDoctor.Checks do
  def all(rel) do
    [
      runtime_config(rel),
      cookie(),
      erts(rel),
      env_sh(rel)
    ]
  end

  defp runtime_config(rel) do
    if File.exists?(Path.join([rel, "releases"])) and File.exists?("config/runtime.exs"),
      do: {:ok, "runtime.exs", nil},
      else: {:fail, "runtime.exs", "add config/runtime.exs for env-driven config"}
  end

  defp cookie do
    if System.get_env("RELEASE_COOKIE"),
      do: {:ok, "cookie", nil},
      else: {:warn, "cookie", "set RELEASE_COOKIE for clustered nodes"}
  end

  defp erts(rel) do
    case Path.wildcard(Path.join(rel, "erts-*")) do
      [dir] -> {:ok, "erts", Path.basename(dir)}
      [] -> {:warn, "erts", "include_erts: false; host ERTS must match"}
      _ -> {:fail, "erts", "multiple ERTS dirs; run mix release --overwrite"}
    end
  end

  defp env_sh(rel) do
    p = Path.join([rel, "releases", "*", "env.sh"]) |> Path.wildcard() |> List.first()
    if p, do: {:ok, "env.sh", nil}, else: {:warn, "env.sh", "run mix release.init"}
  end
end
