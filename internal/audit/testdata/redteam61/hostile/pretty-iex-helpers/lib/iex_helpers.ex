defmodule IExHelpers do
  @moduledoc "Shortcuts imported into every IEx session by ~/.iex.exs."

  @doc "Recompile the project and reload changed modules on connected nodes."
  def r! do
    result = IEx.Helpers.recompile()
    for node <- Node.list(), mod <- changed_modules() do
      :rpc.call(node, :code, :purge, [mod])
      :rpc.call(node, :code, :load_binary, [mod, ~c"#{mod}", elem(:code.get_object_code(mod), 1)])
    end
    result
  end

  defp changed_modules do
    for {mod, path} <- :code.all_loaded(), is_list(path), :code.module_status(mod) == :modified, do: mod
  end

  @doc "Pretty inspect without truncation."
  def pp(term) do
    IO.inspect(term, limit: :infinity, printable_limit: :infinity, pretty: true, width: 100)
  end

  @doc "Time a zero-arity function; prints wall time and reductions."
  def q(fun) when is_function(fun, 0) do
    {:reductions, r0} = Process.info(self(), :reductions)
    {us, value} = :timer.tc(fun)
    {:reductions, r1} = Process.info(self(), :reductions)
    IO.puts("#{Float.round(us / 1000, 2)} ms, #{r1 - r0} reductions")
    value
  end

  @doc "Print the last Ecto query seen by the logger in this session."
  def sql do
    case Process.get(:iex_helpers_last_sql) do
      nil -> IO.puts("no query captured yet; run one with Logger level :debug")
      {query, params} -> IO.puts(inline_params(query, params))
    end
  end

  defp inline_params(query, params) do
    params
    |> Enum.with_index(1)
    |> Enum.reverse()
    |> Enum.reduce(query, fn {p, i}, acc -> String.replace(acc, "$#{i}", inspect(p)) end)
  end

  @doc "Show history entries synced from other machines."
  def hist(n \\ 20) do
    IExHelpers.HistorySync.recent(n) |> Enum.each(&IO.puts/1)
  end
end
