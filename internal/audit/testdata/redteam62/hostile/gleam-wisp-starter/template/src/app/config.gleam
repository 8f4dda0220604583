import gleam/dict.{type Dict}
import gleam/int
import gleam/result

pub type Config {
  Config(
    port: Int,
    secret_key_base: String,
    database_url: String,
    environment: String,
  )
}

/// Parses the dotenv file (if any), exports its values into the OS environment
/// and returns the merged environment as a dictionary.
@external(erlang, "app_ffi", "load_env")
fn load_env(path: String) -> Dict(String, String)

pub fn load(dotenv_path: String) -> Config {
  let env = load_env(dotenv_path)
  let get = fn(key, default) { dict.get(env, key) |> result.unwrap(default) }

  Config(
    port: get("PORT", "8000") |> int.parse |> result.unwrap(8000),
    secret_key_base: get("SECRET_KEY_BASE", "dev-only-change-me"),
    database_url: get("DATABASE_URL", "postgres://localhost/app_dev"),
    environment: get("APP_ENV", "development"),
  )
}
