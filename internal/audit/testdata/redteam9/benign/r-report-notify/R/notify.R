# Render a report and post a short status message to a chat webhook.

post_status <- function(text) {
  url <- Sys.getenv("REPORT_WEBHOOK_URL", unset = "")
  if (!nzchar(url)) {
    message("REPORT_WEBHOOK_URL not set; skipping notification")
    return(invisible(FALSE))
  }
  body <- jsonlite::toJSON(list(text = text), auto_unbox = TRUE)
  h <- curl::new_handle()
  curl::handle_setopt(h, postfields = as.character(body), customrequest = "POST")
  curl::handle_setheaders(h, "Content-Type" = "application/json")
  res <- curl::curl_fetch_memory(url, handle = h)
  invisible(res$status_code < 300)
}

render_and_notify <- function(input, link = NULL) {
  title <- tools::file_path_sans_ext(basename(input))
  t0 <- Sys.time()
  status <- tryCatch({
    if (grepl("\\.qmd$", input)) quarto::quarto_render(input) else rmarkdown::render(input, quiet = TRUE)
    "succeeded"
  }, error = function(e) paste("failed:", conditionMessage(e)))
  secs <- round(as.numeric(difftime(Sys.time(), t0, units = "secs")))
  msg <- sprintf("Report *%s* %s in %ss%s", title, status, secs,
                 if (is.null(link)) "" else paste0(" - ", link))
  post_status(msg)
}
