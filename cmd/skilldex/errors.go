package main

// renderError is the one place the CLI turns an error into the words a
// person reads: neutral errors from index get CLI hints here.
func renderError(err error) string {
	return err.Error()
}
