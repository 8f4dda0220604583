import app/config
import app/router
import gleeunit
import gleeunit/should
import wisp/testing

pub fn main() {
  gleeunit.main()
}

pub fn health_test() {
  let cfg = config.load("does-not-exist.env")
  let res = router.handle_request(testing.get("/health", []), cfg)
  res.status |> should.equal(200)
}
