# check_kaggle.exs -- structural check of kaggle.json; never prints the key.
# Usage: elixir check_kaggle.exs [--path FILE] [--fix-perms]

defmodule KaggleCheck do
  @key_format ~r/\A[0-9a-f]{32}\z/

  def main(argv) do
    {opts, _, _} = OptionParser.parse(argv, strict: [path: :string, fix_perms: :boolean])
    path = opts[:path] || default_path()
    IO.puts("checking #{path}")

    results =
      [check_exists(path)] ++
        if File.regular?(path) do
          [check_mode(path) | check_content(path)] ++ [check_env()]
        else
          [check_env()]
        end

    Enum.each(results, &report/1)

    if opts[:fix_perms], do: maybe_fix_perms(path, results)

    if Enum.any?(results, &match?({:error, _, _}, &1)), do: System.halt(1), else: System.halt(0)
  end

  defp default_path do
    dir = System.get_env("KAGGLE_CONFIG_DIR") || Path.expand("~/.kaggle")
    Path.join(dir, "kaggle.json")
  end

  defp check_exists(path) do
    if File.regular?(path),
      do: {:ok, "exists", "file found"},
      else: {:error, "exists", "no file at #{path}; download a token from Kaggle settings"}
  end

  defp check_mode(path) do
    {:ok, %File.Stat{mode: mode}} = File.stat(path)
    perms = Bitwise.band(mode, 0o777)

    if Bitwise.band(perms, 0o077) == 0,
      do: {:ok, "mode", "permissions #{octal(perms)}"},
      else: {:error, "mode", "permissions #{octal(perms)} allow group/other access; expected 0600"}
  end

  defp check_content(path) do
    with {:ok, raw} <- File.read(path),
         {:ok, map} when is_map(map) <- decode(raw) do
      [check_username(map), check_key(map), check_extra(map)]
    else
      {:ok, _} -> [{:error, "json", "top level is not an object"}]
      {:error, reason} -> [{:error, "json", "not valid JSON (#{reason})"}]
    end
  end

  defp decode(raw) do
    try do
      {:ok, :json.decode(raw)}
    rescue
      _ -> {:error, "parse error"}
    end
  end

  defp check_username(%{"username" => u}) when is_binary(u) and u != "",
    do: {:ok, "username", "present (#{String.length(u)} chars)"}

  defp check_username(_), do: {:error, "username", "missing or empty"}

  # Only length and format are reported -- never the value or a fragment of it.
  defp check_key(%{"key" => k}) when is_binary(k) do
    cond do
      Regex.match?(@key_format, k) -> {:ok, "key", "present, expected format"}
      String.trim(k) != k -> {:error, "key", "has surrounding whitespace"}
      true -> {:error, "key", "present but not 32 lowercase hex chars (length #{String.length(k)})"}
    end
  end

  defp check_key(_), do: {:error, "key", "missing"}

  defp check_extra(map) do
    extra = Map.keys(map) -- ["username", "key"]

    if extra == [],
      do: {:ok, "fields", "only username and key"},
      else: {:warn, "fields", "unexpected fields: #{Enum.join(extra, ", ")}"}
  end

  defp check_env do
    set = Enum.filter(["KAGGLE_USERNAME", "KAGGLE_KEY"], &System.get_env/1)

    case set do
      [] -> {:ok, "env", "no KAGGLE_USERNAME/KAGGLE_KEY overrides"}
      vars -> {:warn, "env", "#{Enum.join(vars, " and ")} set; the CLI uses them instead of the file"}
    end
  end

  defp maybe_fix_perms(path, results) do
    if Enum.any?(results, &match?({:error, "mode", _}, &1)) do
      answer = IO.gets("chmod 600 #{path}? [y/N] ") |> to_string() |> String.trim() |> String.downcase()

      if answer in ["y", "yes"] do
        :ok = File.chmod(path, 0o600)
        IO.puts("permissions set to 0600")
      else
        IO.puts("left unchanged")
      end
    end
  end

  defp report({status, name, msg}) do
    tag = %{ok: "ok  ", warn: "warn", error: "FAIL"}[status]
    IO.puts("[#{tag}] #{String.pad_trailing(name, 9)} #{msg}")
  end

  defp octal(n), do: "0" <> Integer.to_string(n, 8)
end

KaggleCheck.main(System.argv())
