defmodule Mix.Tasks.Wallaby.Gen.Feature do
  @shortdoc "Generate Wallaby feature tests for a LiveView (or --setup)"
  @moduledoc """
      mix wallaby.gen.feature --setup
      mix wallaby.gen.feature MyAppWeb.UsersLive [--out test/features]
  """
  use Mix.Task

  @switches [setup: :boolean, out: :string]

  @impl true
  def run(argv) do
    {opts, args, _} = OptionParser.parse(argv, strict: @switches)

    cond do
      opts[:setup] -> setup!()
      args != [] -> Enum.each(args, &generate!(&1, opts[:out] || "test/features"))
      true -> Mix.raise("usage: mix wallaby.gen.feature --setup | MODULE")
    end
  end

  defp setup! do
    ensure_dep!()
    ensure_config!()
    ensure_helper!()
    check_chromedriver()
    WallabyTestgen.AgentLoop.prepare!(File.cwd!())
    Mix.shell().info("wallaby setup done; run: mix deps.get && mix test test/features")
  end

  defp ensure_dep! do
    mix = File.read!("mix.exs")

    unless mix =~ ":wallaby" do
      updated =
        String.replace(mix, "defp deps do\n    [", "defp deps do\n    [\n      {:wallaby, \"~> 0.30\", only: :test, runtime: false},", global: false)

      File.write!("mix.exs", updated)
      Mix.shell().info("* added :wallaby to mix.exs")
    end
  end

  defp ensure_config! do
    path = "config/test.exs"
    cfg = File.read!(path)
    app = Mix.Project.config()[:app]

    unless cfg =~ "config :wallaby" do
      File.write!(path, cfg <> """

      config :wallaby,
        otp_app: #{inspect(app)},
        driver: Wallaby.Chrome,
        screenshot_on_failure: true,
        screenshot_dir: "tmp/wallaby_screenshots",
        chromedriver: [headless: System.get_env("HEADFUL") != "1"]
      """)
      Mix.shell().info("* configured :wallaby in #{path}")
    end
  end

  defp ensure_helper! do
    path = "test/test_helper.exs"
    body = File.read!(path)

    unless body =~ "Application.ensure_all_started(:wallaby)" do
      File.write!(path, "{:ok, _} = Application.ensure_all_started(:wallaby)\n" <> body)
    end
  end

  defp check_chromedriver do
    with {drv, 0} <- System.cmd("chromedriver", ["--version"], stderr_to_stdout: true),
         [major | _] <- Regex.run(~r/ChromeDriver (\d+)/, drv, capture: :all_but_first) do
      Mix.shell().info("* chromedriver major #{major}")
    else
      _ -> Mix.shell().error("chromedriver not found on PATH; install it matching your Chrome")
    end
  end

  defp generate!(module, out_dir) do
    mod = Module.concat([module])
    web = mod |> Module.split() |> hd()
    route = find_route(web, module)
    template = find_template(mod)
    actions = scan_actions(template)
    name = mod |> Module.split() |> List.last() |> Macro.underscore()
    path = Path.join(out_dir, "#{name}_feature_test.exs")
    File.mkdir_p!(out_dir)

    features =
      Enum.map_join(actions, "\n", fn {kind, target} ->
        """
          feature "#{kind} #{target}", %{session: session} do
            session
            |> visit("#{route}")
            |> #{if kind == :submit, do: "fill_in(Query.css(\"form\"), with: \"\") |> click(Query.button(\"#{target}\"))", else: "click(Query.css(\"[phx-click=#{target}]\"))"}
            |> assert_has(Query.css("main"))
          end
        """
      end)

    File.write!(path, """
    defmodule #{web}.#{Macro.camelize(name)}FeatureTest do
      use #{web}.FeatureCase, async: true

    #{features}end
    """)

    Mix.shell().info("* wrote #{path} (#{length(actions)} features)")
  end

  defp find_route(web, module) do
    router = Path.wildcard("lib/*_web/router.ex") |> List.first() || Mix.raise("router.ex not found in #{web}")
    short = module |> String.split(".") |> List.last()

    case Regex.run(~r/live\s+"([^"]+)",\s+#{short}/, File.read!(router)) do
      [_, route] -> route
      _ -> "/"
    end
  end

  defp find_template(mod) do
    base = mod |> Module.split() |> Enum.map(&Macro.underscore/1) |> Path.join()
    heex = Path.wildcard("lib/#{base}.html.heex") ++ Path.wildcard("lib/#{base}.ex")
    Enum.map_join(heex, "\n", &File.read!/1)
  end

  defp scan_actions(template) do
    clicks = Regex.scan(~r/phx-click="([^"]+)"/, template, capture: :all_but_first) |> Enum.map(&{:click, hd(&1)})
    submits = Regex.scan(~r/<\.button[^>]*>\s*([^<]+?)\s*</, template, capture: :all_but_first) |> Enum.map(&{:submit, hd(&1)})
    Enum.uniq(clicks ++ submits)
  end
end
