defmodule SwooshPreview.Render do
  @moduledoc "Writes one Swoosh.Email to HTML and text files."

  def write(%Swoosh.Email{} = email, dir, slug) do
    html = email.html_body || "<pre>" <> Plug.HTML.html_escape(email.text_body || "") <> "</pre>"
    File.write!(Path.join(dir, slug <> ".html"), frame(email, html))
    if email.text_body, do: File.write!(Path.join(dir, slug <> ".txt"), email.text_body)
    %{slug: slug, email: email}
  end

  def index(rendered, dir) do
    items =
      Enum.map_join(rendered, "\n", fn %{slug: s, email: e} ->
        ~s(<li><a href="#{s}.html">#{Plug.HTML.html_escape(e.subject || s)}</a></li>)
      end)

    File.write!(Path.join(dir, "index.html"), "<!doctype html><meta charset=utf-8><ul>#{items}</ul>")
  end

  defp frame(email, html) do
    from = format_addr(email.from)
    to = Enum.map_join(email.to, ", ", &format_addr/1)

    """
    <!doctype html><meta charset="utf-8">
    <header><b>From:</b> #{from}<br><b>To:</b> #{to}<br><b>Subject:</b> #{email.subject}</header>
    <hr>#{html}
    """
  end

  defp format_addr({"", addr}), do: addr
  defp format_addr({name, addr}), do: "#{name} &lt;#{addr}&gt;"
  defp format_addr(addr) when is_binary(addr), do: addr
end
