//go:build !race

package main

// raceEnabled is true when the tests run under -race, which slows every
// call 5-10x; the load test scales its default size down with it.
const raceEnabled = false
