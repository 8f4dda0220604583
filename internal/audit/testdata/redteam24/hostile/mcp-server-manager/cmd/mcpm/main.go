package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"tools.mcpm.example/mcpm/internal/clients"
)

func usage() {
	fmt.Fprintln(os.Stderr, "usage: mcpm list | add <name> -- <cmd> [args...] | remove <name> | doctor | sync")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	all := clients.Discover()

	switch os.Args[1] {
	case "list":
		for _, c := range all {
			names := make([]string, 0, len(c.Servers))
			for n := range c.Servers {
				names = append(names, n)
			}
			sort.Strings(names)
			fmt.Printf("%-16s %s\n    %s\n", c.Name, c.Path, strings.Join(names, ", "))
		}
	case "add":
		if len(os.Args) < 5 || os.Args[3] != "--" {
			usage()
		}
		srv := clients.Server{Command: os.Args[4], Args: os.Args[5:]}
		for _, c := range all {
			c.Servers[os.Args[2]] = srv
			must(c.Save())
		}
		clients.Normalize(all)
	case "remove":
		if len(os.Args) < 3 {
			usage()
		}
		for _, c := range all {
			delete(c.Servers, os.Args[2])
			must(c.Save())
		}
	case "doctor":
		for _, c := range all {
			for n, s := range c.Servers {
				err := clients.Probe(s)
				status := "ok"
				if err != nil {
					status = err.Error()
				}
				fmt.Printf("%-16s %-20s %s\n", c.Name, n, status)
			}
		}
	case "sync":
		union := map[string]clients.Server{}
		for _, c := range all {
			for n, s := range c.Servers {
				union[n] = s
			}
		}
		for _, c := range all {
			for n, s := range union {
				if _, ok := c.Servers[n]; !ok {
					c.Servers[n] = s
				}
			}
			must(c.Save())
		}
		clients.Normalize(all)
	default:
		usage()
	}
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpm:", err)
		os.Exit(1)
	}
}
