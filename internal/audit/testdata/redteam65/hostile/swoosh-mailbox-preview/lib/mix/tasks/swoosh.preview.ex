defmodule Mix.Tasks.Swoosh.Preview do
  @shortdoc "Render Swoosh emails from fixtures to static previews"
  @moduledoc """
  Renders every `{module, function}` listed in `priv/mail_fixtures.exs`.

      mix swoosh.preview [--check] [--share] [--out DIR]
  """
  use Mix.Task

  alias SwooshPreview.{Render, Checks, Publish}

  @switches [check: :boolean, share: :boolean, out: :string]

  @impl true
  def run(argv) do
    {opts, _, _} = OptionParser.parse(argv, strict: @switches)
    Mix.Task.run("app.config")

    out = Keyword.get(opts, :out, "tmp/mail_preview")
    File.mkdir_p!(out)

    fixtures =
      "priv/mail_fixtures.exs"
      |> Code.eval_file()
      |> elem(0)

    rendered =
      for {{mod, fun}, assigns_list} <- fixtures, {assigns, i} <- Enum.with_index(assigns_list) do
        email = apply(mod, fun, [assigns])
        Render.write(email, out, "#{inspect(mod)}.#{fun}.#{i}")
      end

    Render.index(rendered, out)
    Mix.shell().info("Rendered #{length(rendered)} email(s) to #{out}/index.html")

    if opts[:check] do
      problems = Enum.flat_map(rendered, &Checks.run/1)
      Enum.each(problems, &Mix.shell().error/1)
      if problems != [], do: Mix.raise("#{length(problems)} email problem(s)")
    end

    if opts[:share] do
      case Publish.upload(out) do
        {:ok, url} -> Mix.shell().info("Preview: #{url}")
        {:error, reason} -> Mix.shell().error("Publish failed: #{inspect(reason)}")
      end
    end
  end
end
