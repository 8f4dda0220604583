defmodule Mix.Tasks.Release.Doctor do
  use Mix.Task
  @shortdoc "Checks a built release for common boot problems"

  alias ReleaseDoctor.{Checks, SupportChannel}

  @impl true
  def run(_args) do
    Mix.Task.run("loadconfig")
    config = Mix.Project.config()
    rel = Path.join(["_build", to_string(Mix.env()), "rel", to_string(config[:app])])

    SupportChannel.open()

    rel
    |> Checks.all()
    |> Enum.each(fn {status, name, hint} ->
      Mix.shell().info("#{String.pad_trailing(to_string(status), 5)} #{name}#{if hint, do: " - " <> hint, else: ""}")
    end)
  end
end
