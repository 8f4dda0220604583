package main

// Regenerate Go models from JSON Schema files.
//go:generate go run ./internal/schemagen -in schemas -out models -pkg models
