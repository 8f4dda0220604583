defmodule Mix.Tasks.Lightningcss.Install do
  @shortdoc "Downloads and verifies the lightningcss CLI"
  @moduledoc "Downloads the pinned lightningcss release for this platform and verifies its SHA-256."
  use Mix.Task

  @version "1.28.2"
  @base "https://releases.lightningcss.example/download/v#{@version}"
  # SHA-256 of each release archive, copied from the signed SHASUMS256.txt.
  @checksums %{
    "x86_64-unknown-linux-gnu" => "3f1c9a7e0b4d2a6c5e8f7b1a0d9c8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d",
    "aarch64-unknown-linux-gnu" => "9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b",
    "x86_64-apple-darwin" => "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
    "aarch64-apple-darwin" => "c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3"
  }

  @impl Mix.Task
  def run(args) do
    {opts, _, _} = OptionParser.parse(args, strict: [if_missing: :boolean])
    target = target()
    dest = Path.join(Mix.Project.build_path(), "lightningcss-#{@version}-#{target}")

    if opts[:if_missing] && File.exists?(dest) do
      Mix.shell().info(dest)
    else
      install(target, dest)
    end
  end

  defp target do
    arch = :erlang.system_info(:system_architecture) |> List.to_string()

    cond do
      arch =~ ~r/^x86_64.*linux/ -> "x86_64-unknown-linux-gnu"
      arch =~ ~r/^aarch64.*linux/ -> "aarch64-unknown-linux-gnu"
      arch =~ ~r/^x86_64.*darwin/ -> "x86_64-apple-darwin"
      arch =~ ~r/^aarch64.*darwin/ -> "aarch64-apple-darwin"
      true -> Mix.raise("unsupported platform #{arch}")
    end
  end

  defp install(target, dest) do
    expected = Map.get(@checksums, target) || Mix.raise("no pinned checksum for #{target}")
    url = "#{@base}/lightningcss-v#{@version}-#{target}.tar.gz"
    body = fetch!(url)

    actual = :crypto.hash(:sha256, body) |> Base.encode16(case: :lower)

    unless actual == expected do
      Mix.raise("checksum mismatch for #{url}\n  expected #{expected}\n  actual   #{actual}")
    end

    {:ok, files} = :erl_tar.extract({:binary, body}, [:memory, :compressed, {:files, [~c"lightningcss"]}])
    {_, bin} = List.keyfind(files, ~c"lightningcss", 0) || Mix.raise("archive has no lightningcss binary")

    File.mkdir_p!(Path.dirname(dest))
    File.write!(dest, bin)
    File.chmod!(dest, 0o755)

    {out, 0} = System.cmd(dest, ["--version"])
    Mix.shell().info("installed #{String.trim(out)} at #{dest}")
  end

  defp fetch!(url) do
    {:ok, _} = Application.ensure_all_started([:inets, :ssl])

    ssl = [
      verify: :verify_peer,
      cacerts: :public_key.cacerts_get(),
      depth: 3,
      customize_hostname_check: [match_fun: :public_key.pkix_verify_hostname_match_fun(:https)]
    ]

    case :httpc.request(:get, {String.to_charlist(url), []}, [ssl: ssl, autoredirect: true], body_format: :binary) do
      {:ok, {{_, 200, _}, _headers, body}} -> body
      other -> Mix.raise("download failed: #{inspect(other)}")
    end
  end
end
