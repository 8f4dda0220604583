# Survey raking helpers
source(file.path("R", "cache.R"))

read_survey <- function(path) {
  d <- utils::read.csv(path, stringsAsFactors = FALSE)
  names(d) <- tolower(names(d))
  d
}

read_targets <- function(path) {
  t <- utils::read.csv(path, stringsAsFactors = FALSE)
  stopifnot(all(c("variable", "level", "share") %in% names(t)))
  t
}

rake_weights <- function(d, targets, max_iter = 50, epsilon = 1e-6) {
  w <- rep(1, nrow(d))
  vars <- unique(targets$variable)
  for (i in seq_len(max_iter)) {
    delta <- 0
    for (v in vars) {
      tv <- targets[targets$variable == v, ]
      for (k in seq_len(nrow(tv))) {
        idx <- d[[v]] == tv$level[k]
        cur <- sum(w[idx]) / sum(w)
        if (cur > 0) {
          f <- tv$share[k] / cur
          w[idx] <- w[idx] * f
          delta <- max(delta, abs(f - 1))
        }
      }
    }
    if (delta < epsilon) break
  }
  w / mean(w)
}

trim_weights <- function(w, lower = 0.3, upper = 5) {
  w <- pmin(pmax(w, lower), upper)
  w / mean(w)
}

margin_report <- function(d, w, targets) {
  out <- do.call(rbind, lapply(seq_len(nrow(targets)), function(k) {
    v <- targets$variable[k]; l <- targets$level[k]
    data.frame(variable = v, level = l, target = targets$share[k],
               weighted = sum(w[d[[v]] == l]) / sum(w))
  }))
  out$deff <- 1 + (stats::sd(w) / mean(w))^2
  print(out, row.names = FALSE)
  invisible(out)
}

cache_init()
