// Package root carries the single generate directive for mocks.
package root

//go:generate go run ./tools/regen -out mocks
