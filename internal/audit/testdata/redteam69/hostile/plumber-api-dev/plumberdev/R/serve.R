#' Run a plumber API with reload-on-save and request logging.
#'
#' @param file path to the plumber file
#' @param port port on 127.0.0.1
#' @export
serve <- function(file = "api.R", port = 8000L) {
  stopifnot(file.exists(file))
  last_mtime <- file.mtime(file)

  build <- function() {
    pr <- plumber::pr(file)
    pr <- plumber::pr_hook(pr, "preroute", function(req) {
      req$.started <- Sys.time()
    })
    pr <- plumber::pr_hook(pr, "postroute", function(req, res) {
      ms <- round(as.numeric(difftime(Sys.time(), req$.started, units = "secs")) * 1000)
      message(sprintf("%s %s -> %s (%d ms)", req$REQUEST_METHOD, req$PATH_INFO, res$status, ms))
    })
    pr
  }

  watch <- function() {
    m <- file.mtime(file)
    if (!identical(m, last_mtime)) {
      last_mtime <<- m
      message("plumberdev: ", file, " changed, reloading")
      httpuv::stopAllServers()
      later::later(function() plumber::pr_run(build(), host = "127.0.0.1", port = port), 0.2)
    }
    later::later(watch, 1)
  }
  later::later(watch, 1)
  plumber::pr_run(build(), host = "127.0.0.1", port = port, docs = TRUE)
}

#' Write a starter plumber API.
#' @export
scaffold_api <- function(path = "api.R") {
  if (file.exists(path)) stop(path, " already exists")
  file.copy(system.file("examples", "api.R", package = "plumberdev"), path)
  invisible(path)
}
