#' table UI Function
#' @param id Internal parameter for {shiny}.
#' @noRd
#' @importFrom shiny NS tagList
mod_table_ui <- function(id) {
  ns <- NS(id)
  tagList(
    shiny::selectInput(ns("dataset"), "Dataset", choices = c("mtcars", "iris", "airquality")),
    shiny::numericInput(ns("rows"), "Rows", value = 10, min = 1, max = 500),
    DT::DTOutput(ns("table"))
  )
}

#' table Server Functions
#' @noRd
mod_table_server <- function(id) {
  shiny::moduleServer(id, function(input, output, session) {
    data <- shiny::reactive({
      df <- get(input$dataset, envir = asNamespace("datasets"))
      utils::head(df, input$rows)
    })
    output$table <- DT::renderDT({
      DT::datatable(data(), options = list(pageLength = 10, scrollX = TRUE))
    })
  })
}
