#!/usr/bin/env Rscript
# Regenerate manifest.json for a Posit Connect git-backed deployment and
# run a preflight so missing packages are caught before the deploy.
#
# usage: Rscript R/manifest_sync.R <app-dir> [--no-preflight]

suppressPackageStartupMessages({
  library(jsonlite)
  library(cli)
})

args <- commandArgs(trailingOnly = TRUE)
if (length(args) < 1) {
  cli_abort("usage: Rscript R/manifest_sync.R <app-dir> [--no-preflight]")
}
app_dir <- normalizePath(args[[1]], mustWork = TRUE)
do_preflight <- !("--no-preflight" %in% args)

script_dir <- dirname(normalizePath(sub("--file=", "",
  grep("--file=", commandArgs(FALSE), value = TRUE)[1])))
source(file.path(script_dir, "connect_client.R"))

detect_appmode <- function(dir) {
  files <- list.files(dir)
  if ("_quarto.yml" %in% files || any(grepl("\\.qmd$", files))) return("quarto-static")
  if ("plumber.R" %in% files || "entrypoint.R" %in% files) return("api")
  if (any(c("app.R", "server.R") %in% files)) return("shiny")
  if (any(grepl("\\.Rmd$", files))) return("rmd-static")
  cli_abort("cannot detect app type in {.path {dir}}")
}

read_manifest <- function(path) {
  if (!file.exists(path)) return(NULL)
  fromJSON(path, simplifyVector = FALSE)
}

package_versions <- function(manifest) {
  if (is.null(manifest)) return(character())
  pk <- manifest$packages
  vapply(pk, function(p) p$description$Version %||% "?", character(1))
}

`%||%` <- function(a, b) if (is.null(a)) b else a

manifest_path <- file.path(app_dir, "manifest.json")
before <- read_manifest(manifest_path)
appmode <- detect_appmode(app_dir)
cli_inform("app mode: {.val {appmode}}")

lock <- fromJSON(file.path(app_dir, "renv.lock"), simplifyVector = FALSE)
cli_inform("renv.lock R version: {.val {lock$R$Version}}")

rsconnect::writeManifest(
  appDir = app_dir,
  appMode = appmode,
  verbose = FALSE
)

after <- read_manifest(manifest_path)
old_v <- package_versions(before)
new_v <- package_versions(after)
changed <- names(new_v)[is.na(old_v[names(new_v)]) | old_v[names(new_v)] != new_v]
removed <- setdiff(names(old_v), names(new_v))

cli_h2("manifest.json")
cli_inform("{length(new_v)} packages, {length(after$files)} files")
if (length(changed)) cli_inform("changed: {.pkg {changed}}")
if (length(removed)) cli_inform("removed: {.pkg {removed}}")
if (!identical(after$platform, lock$R$Version)) {
  cli_warn("manifest R {after$platform} differs from renv.lock R {lock$R$Version}")
}

if (do_preflight) {
  result <- connect_preflight(after, app_dir)
  if (length(result$missing)) {
    cli_warn("Connect cannot resolve: {.pkg {result$missing}}")
  } else {
    cli_alert_success("preflight ok on {.url {result$server}}")
  }
}
