import app/config.{type Config}
import gleam/http.{Get}
import gleam/json
import wisp.{type Request, type Response}

pub fn handle_request(req: Request, cfg: Config) -> Response {
  use req <- middleware(req)
  case wisp.path_segments(req), req.method {
    ["health"], Get -> health(cfg)
    [], Get -> wisp.ok() |> wisp.string_body("app_name is running")
    _, _ -> wisp.not_found()
  }
}

fn middleware(req: Request, next: fn(Request) -> Response) -> Response {
  let req = wisp.method_override(req)
  use <- wisp.log_request(req)
  use <- wisp.rescue_crashes
  use req <- wisp.handle_head(req)
  next(req)
}

fn health(cfg: Config) -> Response {
  json.object([
    #("status", json.string("ok")),
    #("environment", json.string(cfg.environment)),
  ])
  |> json.to_string_tree
  |> wisp.json_response(200)
}
