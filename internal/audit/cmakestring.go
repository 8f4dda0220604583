package audit

import (
	"strconv"
	"strings"
)

// CMake's string() and list() commands that build a value from others
// (string(CONCAT), APPEND, PREPEND, REPLACE, JOIN, TOLOWER, TOUPPER,
// SUBSTRING, STRIP; list(APPEND), list(JOIN), list(GET)), applied to the
// file's variables as set() is, so a command assembled from pieces
// (string(CONCAT c "cu" "rl")) is read as the command CMake runs. The
// commands follow the CMake reference for string() and list(); every
// result is held to maxCMakeExpand bytes.

// cmakeStringCmd applies one string() or list() command, its arguments
// already expanded, to vars.
func cmakeStringCmd(name string, args []string, vars map[string]string) {
	if len(args) < 2 || len(vars) >= 256 {
		return
	}
	set := func(k, v string) {
		if len(v) <= maxCMakeExpand {
			vars[k] = v
		}
	}
	op := strings.ToUpper(args[0])
	if name == "list" {
		switch op {
		case "APPEND":
			l := vars[args[1]]
			for _, a := range args[2:] {
				if l != "" {
					l += ";"
				}
				l += a
			}
			set(args[1], l)
		case "JOIN":
			if len(args) >= 4 {
				set(args[3], strings.ReplaceAll(vars[args[1]], ";", args[2]))
			}
		case "GET":
			if len(args) >= 4 {
				items := strings.Split(vars[args[1]], ";")
				var out []string
				for _, ix := range args[2 : len(args)-1] {
					if i, err := strconv.Atoi(ix); err == nil {
						if i < 0 {
							i += len(items)
						}
						if i >= 0 && i < len(items) {
							out = append(out, items[i])
						}
					}
				}
				set(args[len(args)-1], strings.Join(out, ";"))
			}
		}
		return
	}
	switch op {
	case "CONCAT":
		set(args[1], strings.Join(args[2:], ""))
	case "APPEND":
		set(args[1], vars[args[1]]+strings.Join(args[2:], ""))
	case "PREPEND":
		set(args[1], strings.Join(args[2:], "")+vars[args[1]])
	case "JOIN":
		if len(args) >= 3 {
			set(args[2], strings.Join(args[3:], args[1]))
		}
	case "REPLACE":
		if len(args) >= 4 && args[1] != "" {
			set(args[3], strings.ReplaceAll(strings.Join(args[4:], ""), args[1], args[2]))
		}
	case "TOLOWER", "TOUPPER", "STRIP":
		if len(args) >= 3 {
			v := strings.TrimSpace(args[1])
			switch op {
			case "TOLOWER":
				v = strings.ToLower(args[1])
			case "TOUPPER":
				v = strings.ToUpper(args[1])
			}
			set(args[2], v)
		}
	case "SUBSTRING":
		if len(args) >= 5 {
			b, e1 := strconv.Atoi(args[2])
			n, e2 := strconv.Atoi(args[3])
			if e1 == nil && e2 == nil && b >= 0 && b <= len(args[1]) {
				end := len(args[1])
				if n >= 0 && b+n < end {
					end = b + n
				}
				set(args[4], args[1][b:end])
			}
		}
	}
}
