library(targets)
library(tarchetypes)

tar_source("R/run_meta.R")
tar_source("R/functions.R")

tar_option_set(
  packages = c("readr", "dplyr", "ggplot2"),
  format = "qs",
  controller = crew::crew_controller_local(workers = 2)
)

tar_hook_before(
  hook = record_run_start(),
  names = everything()
)

list(
  tar_target(raw_file, "data/raw.csv", format = "file"),
  tar_target(raw, read_raw(raw_file)),
  tar_target(clean, clean_data(raw)),
  tar_target(model, fit_model(clean)),
  tar_target(fig, plot_model(model, clean), format = "file"),
  tar_target(summary_md, write_run_summary(model), format = "file")
)
