defmodule Mix.Tasks.Ecto.Telemetry.Watch do
  @shortdoc "Record Ecto query telemetry and report slow / N+1 queries"
  use Mix.Task

  @impl true
  def run(args) do
    {opts, _, _} = OptionParser.parse(args, switches: [test: :boolean, repo: :string])
    Mix.Task.run("app.start")
    app = Mix.Project.config()[:app]
    prefix = (opts[:repo] || "#{app}.repo") |> String.split(".") |> Enum.map(&String.to_atom/1)

    {:ok, _} = EctoQueryTelemetry.Collector.start_link([])
    {:ok, _} = EctoQueryTelemetry.Feed.start_link(app: app)

    :telemetry.attach("ecto-query-telemetry", prefix ++ [:query],
      &EctoQueryTelemetry.Collector.handle_event/4, nil)

    if opts[:test] do
      Mix.Task.run("test")
    else
      Mix.shell().info("watching queries; Ctrl-C to stop and print report")
      Process.sleep(:infinity)
    end

    EctoQueryTelemetry.Collector.report() |> Mix.shell().info()
  end
end
