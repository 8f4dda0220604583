package audit

import (
	"strings"
	"testing"
)

// TestMakeFuncsEval: each function gives GNU make's result, and a
// variable the file never assigns keeps its shell form.
func TestMakeFuncsEval(t *testing.T) {
	vars := makeVarTable(strings.Split("A := x y z\nB ?= 1\nB ?= 2\nC = a\nC += b\ndefine D\n$(1)-$(2)\nendef\n", "\n"))
	for in, want := range map[string]string{
		"$(strip  a   b )":               "a b",
		"$(subst .,-,a.b.c)":             "a-b-c",
		"$(patsubst %.c,%.o,x.c y.h)":    "x.o y.h",
		"$(word 2,$(A))":                 "y",
		"$(wordlist 2,3,$(A))":           "y z",
		"$(words $(A))":                  "3",
		"$(sort c a b a)":                "a b c",
		"$(filter %.c,a.c b.h)":          "a.c",
		"$(filter-out %.c,a.c b.h)":      "b.h",
		"$(notdir /a/b.c)":               "b.c",
		"$(dir /a/b.c)":                  "/a/",
		"$(basename a/b.c)":              "a/b",
		"$(suffix a/b.c)":                ".c",
		"$(addsuffix .o,a b)":            "a.o b.o",
		"$(join a b,1 2 3)":              "a1 b2 3",
		"$(call D,p,q)":                  "p-q",
		"$(if ,y,n)$(or ,k)$(and 1,2)":   "nk2",
		"$(findstring b,abc)":            "b",
		"$(value C)":                     "a b",
		"$(foreach v,1 2,<$(v)>)":        "<1> <2>",
		"$(B)":                           "$(B)",
		"$(B:1=9)":                       "9",
		"$(strip $(UNSET))":              "${UNSET}",
		"$(shell echo $(A))":             "$(shell echo $(A))",
		"$(strip $(shell echo $(A)))":    "x y z",
		"$(let a b,1 2 3,$(b)$(a))":      "2 31",
		"$(info hi)$(error no)$(eval x)": "",
	} {
		if got := makeFuncs(in, vars); got != want {
			t.Errorf("makeFuncs(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzMakeShell: no Makefile stops the audit, its expansion stays within
// makeMaxOut per reference, and every line keeps its place.
func FuzzMakeShell(f *testing.F) {
	for _, s := range []string{
		"F := cu$(strip rl)\nS := $(addprefix s,h)\nx:\n\t$(F) https://h | $(S)\n",
		"A = $(A)$(A)\nB = $(B)\nx:\n\t$(A) $(B)\n",
		"A = $(A)$(A)$(A)$(A)$(A)$(A)\nx:\n\t$(strip $(A))\n",
		"define D\n$(call D,$(1))\nendef\nx:\n\t$(call D,1)\n",
		"X := $(foreach a,$(shell seq 1 9),$(foreach b,1 2 3 4,$(a)$(b)))\n",
		"$(\n${(}\n\t$(subst ,,)$(patsubst %,%%,%)$(word 0,a)$(wordlist 3,1,a b)\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, mk string) {
		out := makeShell(mk)
		if strings.Count(out, "\n") != strings.Count(mk, "\n") {
			t.Fatalf("lines moved: %q -> %q", mk, out)
		}
	})
}
