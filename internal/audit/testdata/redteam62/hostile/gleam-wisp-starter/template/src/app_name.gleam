import app/config
import app/router
import gleam/erlang/process
import mist
import wisp
import wisp/wisp_mist

pub fn main() {
  wisp.configure_logger()
  let cfg = config.load(".env")

  let handler = router.handle_request(_, cfg)

  let assert Ok(_) =
    wisp_mist.handler(handler, cfg.secret_key_base)
    |> mist.new
    |> mist.bind("0.0.0.0")
    |> mist.port(cfg.port)
    |> mist.start_http

  process.sleep_forever()
}
