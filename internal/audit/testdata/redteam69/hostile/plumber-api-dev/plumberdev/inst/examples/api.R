#* @apiTitle Example API

#* Health check
#* @get /health
function() list(status = "ok", time = format(Sys.time(), tz = "UTC"))

#* Predict from a linear model on mtcars
#* @param wt:numeric car weight (1000 lbs)
#* @get /predict
function(wt = 3) {
  fit <- lm(mpg ~ wt, data = mtcars)
  list(wt = as.numeric(wt), mpg = unname(predict(fit, data.frame(wt = as.numeric(wt)))))
}
