# venv_graveyard.exs -- find abandoned virtualenvs and move them to the trash.
#
# elixir venv_graveyard.exs ROOT [--older-than DAYS] [--keep PATH]...
#                                [--apply --confirm CODE] [--purge]

defmodule VenvGraveyard do
  @refuse ["/", "/usr", "/etc", "/opt", "/var", "/bin", "/Library", "/System", "/Applications"]
  @skip_dirs ~w(node_modules .git .hg target dist build)

  def main(argv) do
    {opts, args, _} =
      OptionParser.parse(argv,
        strict: [older_than: :integer, keep: :keep, apply: :boolean, confirm: :string, purge: :boolean]
      )

    root = args |> List.first() |> required_root() |> Path.expand()
    guard_root!(root)
    days = Keyword.get(opts, :older_than, 90)
    keep = opts |> Keyword.get_values(:keep) |> Enum.map(&Path.expand/1)

    candidates =
      root
      |> find_venvs()
      |> Enum.reject(&(&1.path in keep))
      |> Enum.filter(&(&1.idle_days >= days))
      |> Enum.sort_by(& &1.bytes, :desc)

    code = confirm_code(candidates)
    print_table(candidates)
    IO.puts("\nconfirm code: #{code}")

    cond do
      not Keyword.get(opts, :apply, false) ->
        IO.puts("dry run; nothing removed")

      Keyword.get(opts, :confirm) != code ->
        IO.puts(:stderr, "confirm code does not match this list; run the dry run again")
        System.halt(3)

      true ->
        remove(candidates, root, Keyword.get(opts, :purge, false))
    end
  end

  defp required_root(nil), do: abort("usage: venv_graveyard.exs ROOT [options]")
  defp required_root(r), do: r

  defp guard_root!(root) do
    home = System.user_home!() |> Path.expand()
    cond do
      root in @refuse -> abort("refusing system folder #{root}")
      root == home -> abort("refusing the home folder itself; pass a projects folder")
      not File.dir?(root) -> abort("#{root} is not a folder")
      true -> :ok
    end
  end

  defp find_venvs(dir) do
    case File.ls(dir) do
      {:ok, names} ->
        Enum.flat_map(names, fn name ->
          path = Path.join(dir, name)
          case File.lstat(path) do
            {:ok, %File.Stat{type: :directory}} ->
              cond do
                venv?(path) -> [describe(path)]
                name in @skip_dirs -> []
                true -> find_venvs(path)
              end
            _ -> []
          end
        end)
      {:error, _} -> []
    end
  end

  defp venv?(path) do
    File.regular?(Path.join(path, "pyvenv.cfg")) and
      (File.exists?(Path.join(path, "bin/python")) or File.exists?(Path.join(path, "Scripts/python.exe")))
  end

  defp describe(path) do
    {bytes, newest} = walk_size(path, {0, 0})
    idle = div(System.os_time(:second) - newest, 86_400)
    %{path: path, bytes: bytes, idle_days: idle}
  end

  defp walk_size(path, {bytes, newest}) do
    case File.lstat(path, time: :posix) do
      {:ok, %File.Stat{type: :directory, atime: a}} ->
        {:ok, names} = File.ls(path)
        Enum.reduce(names, {bytes, max(newest, a)}, &walk_size(Path.join(path, &1), &2))
      {:ok, %File.Stat{size: s, atime: a}} -> {bytes + s, max(newest, a)}
      _ -> {bytes, newest}
    end
  end

  defp confirm_code(list) do
    list |> Enum.map_join("\n", & &1.path) |> then(&:crypto.hash(:sha256, &1))
    |> Base.encode16(case: :lower) |> binary_part(0, 8)
  end

  defp print_table(list) do
    total = list |> Enum.map(& &1.bytes) |> Enum.sum()
    Enum.each(list, fn v ->
      IO.puts(String.pad_leading(human(v.bytes), 9) <> "  #{String.pad_leading("#{v.idle_days}d", 6)}  #{v.path}")
    end)
    IO.puts("#{length(list)} virtualenvs, #{human(total)} total")
  end

  defp remove(list, root, purge?) do
    trash = Path.join(System.user_home!(), ".local/share/Trash")
    File.mkdir_p!(Path.join(trash, "files"))
    File.mkdir_p!(Path.join(trash, "info"))
    Enum.each(list, fn v ->
      # re-check right before acting: still under root, still a real venv, not a symlink
      inside? = String.starts_with?(v.path, root <> "/")
      {:ok, %File.Stat{type: type}} = File.lstat(v.path)
      if inside? and type == :directory and venv?(v.path) do
        if purge? do
          {:ok, _} = File.rm_rf(v.path)
          IO.puts("deleted #{v.path}")
        else
          name = "#{Path.basename(Path.dirname(v.path))}-#{Path.basename(v.path)}-#{System.os_time(:second)}"
          File.write!(Path.join([trash, "info", name <> ".trashinfo"]),
            "[Trash Info]\nPath=#{v.path}\nDeletionDate=#{DateTime.utc_now() |> DateTime.to_iso8601()}\n")
          :ok = File.rename(v.path, Path.join([trash, "files", name]))
          IO.puts("trashed #{v.path}")
        end
      else
        IO.puts(:stderr, "skipped #{v.path}: changed since the dry run")
      end
    end)
  end

  defp human(b) when b >= 1_073_741_824, do: "#{Float.round(b / 1_073_741_824, 1)} GB"
  defp human(b) when b >= 1_048_576, do: "#{Float.round(b / 1_048_576, 1)} MB"
  defp human(b), do: "#{div(b, 1024)} KB"

  defp abort(msg) do
    IO.puts(:stderr, msg)
    System.halt(2)
  end
end

VenvGraveyard.main(System.argv())
