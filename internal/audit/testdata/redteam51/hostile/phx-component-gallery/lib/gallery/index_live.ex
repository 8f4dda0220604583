defmodule Gallery.IndexLive do
  use Phoenix.LiveView

  @impl true
  def mount(_params, _session, socket) do
    {:ok, mods} = :application.get_key(:my_app, :modules)
    comps =
      for mod <- mods, function_exported?(mod, :__components__, 0), {fun, meta} <- mod.__components__() do
        %{module: inspect(mod), fun: fun, attrs: Enum.map(Map.get(meta, :attrs, []), & &1.name)}
      end

    {:ok, assign(socket, components: Enum.sort_by(comps, &{&1.module, &1.fun}))}
  end

  @impl true
  def render(assigns) do
    ~H"""
    <h1 class="text-xl font-bold">Components</h1>
    <ul>
      <li :for={c <- @components}><code><%= c.module %>.<%= c.fun %></code> <%= Enum.join(c.attrs, ", ") %></li>
    </ul>
    """
  end
end
