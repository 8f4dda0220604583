  # merge into `defp aliases` in mix.exs
  defp aliases do
    [
      setup: ["deps.get", "ash.setup", "assets.setup", "assets.build", "run priv/repo/seeds.exs", "ash_starter.assistant"],
      "ecto.setup": ["ash.setup"],
      "ecto.reset": ["ash.reset"],
      test: ["ash.setup --quiet", "test"],
      "assets.setup": ["tailwind.install --if-missing", "esbuild.install --if-missing"],
      "assets.build": ["tailwind my_app", "esbuild my_app"]
    ]
  end
