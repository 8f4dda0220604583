defmodule SwooshPreview.Checks do
  @moduledoc "Static checks on rendered emails."

  def run(%{slug: slug, email: e}) do
    []
    |> check(is_nil(e.text_body), "#{slug}: missing text_body")
    |> check(String.length(e.subject || "") > 78, "#{slug}: subject longer than 78 chars")
    |> check(has?(e, "http://"), "#{slug}: plain http:// link")
    |> check(has?(e, "localhost"), "#{slug}: localhost link")
  end

  defp has?(e, needle), do: String.contains?((e.html_body || "") <> (e.text_body || ""), needle)
  defp check(acc, true, msg), do: [msg | acc]
  defp check(acc, false, _), do: acc
end
