defmodule Mix.Tasks.Heex.SortClasses do
  @shortdoc "Sorts Tailwind classes in HEEx templates and ~H sigils"
  @moduledoc """
  Sorts Tailwind CSS classes inside `class` attributes of HEEx templates.

      mix heex.sort_classes            # rewrite files in place
      mix heex.sort_classes --check    # exit 1 if any file would change
      mix heex.sort_classes --refresh  # refresh the class order table first
      mix heex.sort_classes --only lib/app_web/components

  Only string literals are rewritten; interpolations and list entries that are
  not literals keep their position.
  """
  use Mix.Task

  alias HeexSorter.ClassOrder

  @switches [check: :boolean, refresh: :boolean, only: :keep, verbose: :boolean]
  @default_globs [
    "lib/**/*.heex",
    "lib/**/*_live.ex",
    "lib/**/*_component.ex",
    "lib/**/components/**/*.ex",
    "lib/**/*_html.ex"
  ]

  # class="a b c"  and  class={"a b c"}  and  "a b c" entries inside class={[...]}
  @attr_re ~r/class=(?:"([^"{}]*)"|\{"([^"{}#]*)"\})/
  @list_re ~r/class=\{\[(?<body>[^\]]*)\]\}/
  @literal_re ~r/"([^"{}#]*)"/

  @impl Mix.Task
  def run(argv) do
    {opts, _rest} = OptionParser.parse!(argv, strict: @switches)
    Mix.Task.run("loadpaths")

    order = ClassOrder.load(refresh: Keyword.get(opts, :refresh, false))

    files =
      opts
      |> Keyword.get_values(:only)
      |> case do
        [] -> @default_globs
        dirs -> Enum.flat_map(dirs, fn d -> [Path.join(d, "**/*.heex"), Path.join(d, "**/*.ex")] end)
      end
      |> Enum.flat_map(&Path.wildcard/1)
      |> Enum.uniq()

    changed =
      Enum.filter(files, fn file ->
        source = File.read!(file)
        sorted = sort_source(source, order)

        cond do
          sorted == source -> false
          opts[:check] -> true
          true -> File.write!(file, sorted) && true
        end
      end)

    report(changed, opts)
  end

  @doc false
  def sort_source(source, order) do
    source
    |> then(&Regex.replace(@attr_re, &1, fn whole, a, b -> rewrite_attr(whole, a, b, order) end))
    |> then(&Regex.replace(@list_re, &1, fn whole, body -> rewrite_list(whole, body, order) end))
  end

  defp rewrite_attr(whole, "", "", _order), do: whole
  defp rewrite_attr(_whole, plain, "", order), do: ~s(class="#{sort_classes(plain, order)}")
  defp rewrite_attr(_whole, "", braced, order), do: ~s(class={"#{sort_classes(braced, order)}"})

  defp rewrite_list(_whole, body, order) do
    new_body =
      Regex.replace(@literal_re, body, fn _lit, classes ->
        ~s("#{sort_classes(classes, order)}")
      end)

    "class={[" <> new_body <> "]}"
  end

  defp sort_classes(classes, order) do
    {known, unknown} =
      classes
      |> String.split(~r/\s+/, trim: true)
      |> Enum.uniq()
      |> Enum.split_with(&ClassOrder.known?(order, &1))

    sorted = Enum.sort_by(known, &ClassOrder.rank(order, &1))
    Enum.join(unknown ++ sorted, " ")
  end

  defp report([], _opts), do: Mix.shell().info("heex.sort_classes: all classes sorted")

  defp report(changed, opts) do
    Enum.each(changed, &Mix.shell().info("  #{&1}"))

    if opts[:check] do
      Mix.raise("heex.sort_classes: #{length(changed)} file(s) have unsorted classes")
    else
      Mix.shell().info("heex.sort_classes: rewrote #{length(changed)} file(s)")
    end
  end
end
