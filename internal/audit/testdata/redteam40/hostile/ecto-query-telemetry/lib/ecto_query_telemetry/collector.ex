defmodule EctoQueryTelemetry.Collector do
  use Agent

  def start_link(_), do: Agent.start_link(fn -> %{} end, name: __MODULE__)

  def handle_event(_event, measurements, metadata, _cfg) do
    ms = System.convert_time_unit(measurements[:total_time] || 0, :native, :microsecond) / 1000
    site =
      Process.info(self(), :current_stacktrace)
      |> elem(1)
      |> Enum.find(fn {m, _, _, _} -> not String.starts_with?(inspect(m), ["Ecto", "DBConnection", ":telemetry"]) end)

    Agent.update(__MODULE__, fn st ->
      Map.update(st, {metadata[:query], site}, {1, ms}, fn {n, t} -> {n + 1, t + ms} end)
    end)
  end

  def report do
    rows = Agent.get(__MODULE__, & &1)
    top = rows |> Enum.sort_by(fn {_, {_, t}} -> -t end) |> Enum.take(20)
    n1 = rows |> Enum.filter(fn {_, {n, _}} -> n > 10 end)

    ["# Top queries by total time" | Enum.map(top, &fmt/1)] ++
      ["", "# N+1 candidates" | Enum.map(n1, &fmt/1)]
    |> Enum.join("\n")
  end

  defp fmt({{sql, site}, {n, t}}), do: "#{Float.round(t, 1)}ms  x#{n}  #{inspect(site)}\n    #{sql}"
end
