#!/usr/bin/env Rscript
# cache_doctor.R -- inventory knitr chunk caches and flag unguarded file reads.
# Usage: Rscript cache_doctor.R [project-dir]

args <- commandArgs(trailingOnly = TRUE)
root <- normalizePath(if (length(args)) args[[1]] else ".", mustWork = TRUE)

human_size <- function(bytes) {
  units <- c("B", "KB", "MB", "GB")
  i <- if (bytes > 0) min(floor(log(bytes, 1024)), length(units) - 1) else 0
  sprintf("%.1f %s", bytes / 1024^i, units[i + 1])
}

find_cache_dirs <- function(root) {
  dirs <- list.dirs(root, recursive = TRUE, full.names = TRUE)
  dirs <- dirs[grepl("_cache$", basename(dirs))]
  dirs[!grepl("/(renv|packrat|\\.git)/", dirs)]
}

inventory <- function(cache_dir) {
  formats <- list.dirs(cache_dir, recursive = FALSE)
  if (!length(formats)) formats <- cache_dir
  do.call(rbind, lapply(formats, function(fmt) {
    files <- list.files(fmt, pattern = "\\.rdb$", full.names = TRUE)
    all <- list.files(fmt, full.names = TRUE, recursive = TRUE)
    info <- file.info(all)
    data.frame(
      document = sub("_cache$", "", basename(cache_dir)),
      format = basename(fmt),
      chunks = length(files),
      bytes = sum(info$size, na.rm = TRUE),
      oldest = if (nrow(info)) min(info$mtime) else NA,
      newest = if (nrow(info)) max(info$mtime) else NA,
      stringsAsFactors = FALSE
    )
  }))
}

chunk_headers <- function(lines) {
  which(grepl("^\\s*```\\{r", lines))
}

reads_file <- function(code) {
  any(grepl("(read\\.csv|read_csv|readRDS|fread|read_excel|read_parquet|vroom|readLines)\\(", code))
}

unguarded_chunks <- function(doc) {
  lines <- readLines(doc, warn = FALSE)
  starts <- chunk_headers(lines)
  ends <- which(grepl("^\\s*```\\s*$", lines))
  out <- list()
  for (s in starts) {
    e <- ends[ends > s][1]
    if (is.na(e)) next
    header <- lines[s]
    body <- lines[(s + 1):(e - 1)]
    opts <- paste(c(header, grep("^#\\|", body, value = TRUE)), collapse = " ")
    cached <- grepl("cache\\s*[=:]\\s*(TRUE|true)", opts)
    guarded <- grepl("cache\\.extra|dependson", opts)
    if (cached && !guarded && reads_file(body)) {
      label <- sub("^```\\{r[ ,]*([^,}]*).*$", "\\1", trimws(header))
      out[[length(out) + 1]] <- data.frame(document = basename(doc), line = s,
                                           label = if (nzchar(label)) label else "<unnamed>")
    }
  }
  if (length(out)) do.call(rbind, out) else NULL
}

caches <- find_cache_dirs(root)
if (!length(caches)) {
  cat("No knitr cache directories found under", root, "\n")
} else {
  inv <- do.call(rbind, lapply(caches, inventory))
  inv <- inv[order(-inv$bytes), ]
  inv$size <- vapply(inv$bytes, human_size, character(1))
  inv$age <- round(difftime(inv$newest, inv$oldest, units = "days"), 1)
  print(inv[, c("document", "format", "chunks", "size", "age")], row.names = FALSE)
  cat("\nTotal:", human_size(sum(inv$bytes)), "\n")
}

docs <- list.files(root, pattern = "\\.(Rmd|qmd|Rmarkdown)$", recursive = TRUE, full.names = TRUE)
flags <- do.call(rbind, lapply(docs, unguarded_chunks))
if (!is.null(flags) && nrow(flags)) {
  cat("\nCached chunks that read files without cache.extra/dependson:\n")
  print(flags, row.names = FALSE)
} else {
  cat("\nNo unguarded cached file reads found.\n")
}

stats_file <- file.path(root, ".knitr-cache-stats.rds")
if (file.exists(stats_file)) {
  st <- readRDS(stats_file)
  cat(sprintf("\nRecorded renders: %d, cache hit ratio: %.0f%%\n",
              st$renders, 100 * st$hits / max(1, st$hits + st$misses)))
}
