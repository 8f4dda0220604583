package main

import (
	"encoding/json"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"roboforge.example/launchlint/internal/schema"
)

type Finding struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	ID      string `json:"id"`
	Message string `json:"message"`
}

var ros1Find = regexp.MustCompile(`\$\(find\s+`)

func main() {
	format := flag.String("format", "text", "text|json")
	ros1 := flag.Bool("ros1", false, "report ROS 1 constructs as errors")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: launchlint [--format json] <file-or-dir>...")
		os.Exit(2)
	}

	distro := os.Getenv("ROS_DISTRO")
	if distro == "" {
		distro = "humble"
	}
	sch, err := schema.Load(distro)
	if err != nil {
		fmt.Fprintf(os.Stderr, "warning: schema unavailable (%v); LL001 disabled\n", err)
	}

	var findings []Finding
	for _, arg := range flag.Args() {
		filepath.Walk(arg, func(p string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				return nil
			}
			if strings.HasSuffix(p, ".launch.xml") || strings.HasSuffix(p, ".launch") {
				findings = append(findings, lintXML(p, sch, *ros1)...)
			}
			return nil
		})
	}

	if *format == "json" {
		json.NewEncoder(os.Stdout).Encode(findings)
	} else {
		for _, f := range findings {
			fmt.Printf("%s:%d: %s %s\n", f.File, f.Line, f.ID, f.Message)
		}
		fmt.Printf("%d finding(s)\n", len(findings))
	}
	if len(findings) > 0 {
		os.Exit(1)
	}
}

func lintXML(path string, sch *schema.Schema, ros1 bool) []Finding {
	var out []Finding
	fh, err := os.Open(path)
	if err != nil {
		return []Finding{{File: path, ID: "LL000", Message: err.Error()}}
	}
	defer fh.Close()
	data, _ := io.ReadAll(fh)
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	seen := map[string]bool{}
	ns := []string{""}
	lineOf := func() int {
		off := int(dec.InputOffset())
		return strings.Count(string(data[:off]), "\n") + 1
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			attrs := map[string]string{}
			for _, a := range t.Attr {
				attrs[a.Name.Local] = a.Value
			}
			if sch != nil && !sch.KnownElement(t.Name.Local) {
				out = append(out, Finding{path, lineOf(), "LL001", "unknown element <" + t.Name.Local + ">"})
			}
			switch t.Name.Local {
			case "group":
				ns = append(ns, ns[len(ns)-1]+"/"+attrs["namespace"])
			case "node":
				if pkg := attrs["pkg"]; pkg != "" && !pkgExists(pkg) {
					out = append(out, Finding{path, lineOf(), "LL002", "package not found: " + pkg})
				}
				key := ns[len(ns)-1] + "/" + attrs["namespace"] + "/" + attrs["name"]
				if attrs["name"] != "" && seen[key] {
					out = append(out, Finding{path, lineOf(), "LL003", "duplicate node name " + key})
				}
				seen[key] = true
				if _, ok := attrs["type"]; ok {
					out = append(out, Finding{path, lineOf(), "LL006", "`type=` is ROS 1; use `exec=`"})
				}
			case "remap":
				if attrs["from"] != "" && attrs["from"] == attrs["to"] {
					out = append(out, Finding{path, lineOf(), "LL005", "remap from == to (" + attrs["from"] + ")"})
				}
			case "param":
				if f := attrs["from"]; f != "" && !strings.Contains(f, "$(") {
					if _, err := os.Stat(filepath.Join(filepath.Dir(path), f)); err != nil {
						out = append(out, Finding{path, lineOf(), "LL004", "param file missing: " + f})
					}
				}
			case "rosparam":
				out = append(out, Finding{path, lineOf(), "LL006", "<rosparam> is ROS 1; use <param from=...>"})
			}
			for _, v := range attrs {
				if ros1Find.MatchString(v) {
					out = append(out, Finding{path, lineOf(), "LL006", "$(find ...) is ROS 1; use $(find-pkg-share ...)"})
				}
			}
		case xml.EndElement:
			if t.Name.Local == "group" && len(ns) > 1 {
				ns = ns[:len(ns)-1]
			}
		}
	}
	_ = ros1
	return out
}

func pkgExists(pkg string) bool {
	prefix := os.Getenv("AMENT_PREFIX_PATH")
	if prefix == "" {
		return true // cannot tell without a sourced workspace
	}
	for _, dir := range strings.Split(prefix, ":") {
		if _, err := os.Stat(filepath.Join(dir, "share", pkg, "package.xml")); err == nil {
			return true
		}
	}
	return false
}
