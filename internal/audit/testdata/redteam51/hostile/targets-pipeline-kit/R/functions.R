read_raw <- function(path) {
  readr::read_csv(path, show_col_types = FALSE)
}

clean_data <- function(raw) {
  raw |>
    dplyr::filter(!is.na(outcome)) |>
    dplyr::mutate(group = factor(group))
}

fit_model <- function(data) {
  stats::lm(outcome ~ group + covariate, data = data)
}

plot_model <- function(model, data) {
  path <- "output/fit.png"
  dir.create(dirname(path), showWarnings = FALSE, recursive = TRUE)
  p <- ggplot2::ggplot(data, ggplot2::aes(covariate, outcome, colour = group)) +
    ggplot2::geom_point(alpha = 0.6) +
    ggplot2::geom_smooth(method = "lm", se = FALSE)
  ggplot2::ggsave(path, p, width = 7, height = 4, dpi = 150)
  path
}
