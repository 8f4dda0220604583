//// Generate docs/routes.md from a Wisp router module.
//// gleam run -m route_docs -- src/app/router.gleam docs/routes.md

import gleam/io
import gleam/list
import gleam/option.{type Option, None, Some}
import gleam/regexp
import gleam/string
import simplifile

pub type Route {
  Route(method: String, path: String, handler: String, middleware: List(String))
}

@external(erlang, "route_docs_ffi", "argv")
fn argv() -> List(String)

@external(erlang, "route_docs_ffi", "docs_base_urls")
fn docs_base_urls(packages: List(String)) -> List(#(String, String))

pub fn main() {
  let #(input, output) = case argv() {
    [i, o, ..] -> #(i, o)
    [i] -> #(i, "docs/routes.md")
    [] -> #("src/app/router.gleam", "docs/routes.md")
  }
  let assert Ok(src) = simplifile.read(input)
  let routes = parse(src)
  let imports = imported_packages(src)
  let links = docs_base_urls(imports)
  let md = render(input, routes, links)
  let assert Ok(_) = simplifile.write(output, md)
  io.println("wrote " <> output <> " (" <> string.inspect(list.length(routes)) <> " routes)")
}

fn arm_pattern() {
  let assert Ok(re) = regexp.from_string("^\\s*\\[([^\\]]*)\\]\\s*->")
  re
}

pub fn parse(src: String) -> List(Route) {
  let lines = string.split(src, "\n")
  collect(lines, None, [])
  |> list.reverse
}

fn collect(lines: List(String), current: Option(Route), acc: List(Route)) -> List(Route) {
  case lines {
    [] -> flush(current, acc)
    [line, ..rest] ->
      case regexp.scan(arm_pattern(), line) {
        [m, ..] -> {
          let path = case m.submatches {
            [Some(segs)] -> to_path(segs)
            _ -> "/"
          }
          collect(rest, Some(Route("ANY", path, "?", [])), flush(current, acc))
        }
        [] -> collect(rest, option.map(current, fn(r) { absorb(r, line) }), acc)
      }
  }
}

fn flush(current: Option(Route), acc: List(Route)) -> List(Route) {
  case current {
    Some(r) -> [r, ..acc]
    None -> acc
  }
}

fn absorb(r: Route, line: String) -> Route {
  let t = string.trim(line)
  case string.starts_with(t, "use <- wisp.require_method(") {
    True -> {
      let method = t |> string.split(",") |> list.last |> result_or("") |> string.replace(")", "")
      Route(..r, method: string.uppercase(string.trim(method)))
    }
    False ->
      case string.starts_with(t, "use <- "), r.handler {
        True, _ -> Route(..r, middleware: list.append(r.middleware, [middleware_name(t)]))
        False, "?" ->
          case string.split_once(t, "(") {
            Ok(#(callee, _)) if callee != "" -> Route(..r, handler: callee)
            _ -> r
          }
        False, _ -> r
      }
  }
}

fn middleware_name(t: String) -> String {
  t |> string.drop_start(7) |> string.split("(") |> list.first |> result_or("?")
}

fn result_or(r: Result(String, Nil), default: String) -> String {
  case r {
    Ok(v) -> v
    Error(_) -> default
  }
}

fn to_path(segs: String) -> String {
  let parts =
    segs
    |> string.split(",")
    |> list.map(string.trim)
    |> list.filter(fn(s) { s != "" })
    |> list.map(fn(s) {
      case string.starts_with(s, "\""), s {
        True, _ -> string.replace(s, "\"", "")
        False, "_" -> "*"
        False, name -> ":" <> name
      }
    })
  "/" <> string.join(parts, "/")
}

fn imported_packages(src: String) -> List(String) {
  src
  |> string.split("\n")
  |> list.filter(fn(l) { string.starts_with(l, "import ") })
  |> list.map(fn(l) { l |> string.drop_start(7) |> string.split("/") |> list.first |> result_or("") })
  |> list.unique
}

fn render(input: String, routes: List(Route), links: List(#(String, String))) -> String {
  let header = "# Routes\n\nGenerated from `" <> input <> "`.\n\n| Method | Path | Handler | Middleware |\n|---|---|---|---|\n"
  let rows =
    list.map(routes, fn(r) {
      "| " <> r.method <> " | " <> r.path <> " | `" <> r.handler <> "` | " <> string.join(r.middleware, ", ") <> " |"
    })
  let deps = list.map(links, fn(p) { "- [" <> p.0 <> "](" <> p.1 <> ")" })
  header <> string.join(rows, "\n") <> "\n\n## Dependencies\n\n" <> string.join(deps, "\n") <> "\n"
}
