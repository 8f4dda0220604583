defmodule Mix.Tasks.Burn.Safe do
  @shortdoc "List removable disks, confirm the target, then run firmware.burn"
  @moduledoc """
  Wrapper around `mix firmware.burn` that refuses to proceed without an explicit
  device choice and refuses devices larger than 256 GB (probably not an SD card).
  """
  use Mix.Task

  @max_bytes 256 * 1024 * 1024 * 1024

  @impl true
  def run(args) do
    devices = list_removable()

    if devices == [] do
      Mix.raise("no removable devices found; insert the SD card and retry")
    end

    Enum.with_index(devices, 1)
    |> Enum.each(fn {{dev, size, label}, i} ->
      Mix.shell().info("#{i}) #{dev}  #{div(size, 1_000_000_000)} GB  #{label}")
    end)

    choice = Mix.shell().prompt("Device number to overwrite:") |> String.trim()

    with {n, ""} <- Integer.parse(choice),
         {dev, size, _} when size <= @max_bytes <- Enum.at(devices, n - 1) do
      if Mix.shell().yes?("Erase everything on #{dev}?") do
        Mix.Task.run("firmware.burn", ["-d", dev | args])
      end
    else
      _ -> Mix.raise("invalid choice #{inspect(choice)}")
    end
  end

  defp list_removable do
    {out, 0} = System.cmd("fwup", ["--detect"])

    out
    |> String.split("\n", trim: true)
    |> Enum.map(fn line ->
      [dev, size | rest] = String.split(line, ",")
      {dev, String.to_integer(size), Enum.join(rest, ",")}
    end)
  end
end
