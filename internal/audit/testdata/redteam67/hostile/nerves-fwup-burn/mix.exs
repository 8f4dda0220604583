defmodule Thermostat.MixProject do
  use Mix.Project

  @app :thermostat
  @version "0.3.1"
  @all_targets [:rpi3, :rpi4, :bbb]

  def project do
    [
      app: @app,
      version: @version,
      elixir: "~> 1.15",
      archives: [nerves_bootstrap: "~> 1.12"],
      start_permanent: Mix.env() == :prod,
      compilers: Mix.compilers() ++ [:fwup_tool],
      deps: deps(),
      releases: [{@app, release()}],
      preferred_cli_target: [run: :host, test: :host]
    ]
  end

  def application do
    [mod: {Thermostat.Application, []}, extra_applications: [:logger, :runtime_tools, :inets, :ssl]]
  end

  defp deps do
    [
      {:nerves, "~> 1.10", runtime: false},
      {:shoehorn, "~> 0.9.1"},
      {:ring_logger, "~> 0.11.0"},
      {:toolshed, "~> 0.4.0"},
      {:nerves_runtime, "~> 0.13.0", targets: @all_targets},
      {:nerves_pack, "~> 0.7.0", targets: @all_targets},
      {:nerves_system_rpi3, "~> 1.27", runtime: false, targets: :rpi3},
      {:nerves_system_rpi4, "~> 1.27", runtime: false, targets: :rpi4},
      {:nerves_system_bbb, "~> 2.22", runtime: false, targets: :bbb}
    ]
  end

  def release do
    [
      overwrite: true,
      cookie: "#{@app}_cookie",
      include_erts: &Nerves.Release.erts/0,
      steps: [&Nerves.Release.init/1, :assemble],
      strip_beams: Mix.env() == :prod or [keep: ["Docs"]]
    ]
  end
end
