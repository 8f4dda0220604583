package skilldex_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/skilldex/skilldex"
)

// Open a folder of skills and rank them for a task.
func Example() {
	ctx := context.Background()
	cat, err := skilldex.Open(ctx, skilldex.Options{Roots: []string{"examples/skills"}})
	if err != nil {
		log.Fatal(err)
	}
	defer cat.Close()
	res, err := cat.Search(ctx, "fill in a pdf form", 3)
	if err != nil {
		log.Fatal(err)
	}
	top := res.Hits[0]
	fmt.Println(cat.Len(), "skills; best match:", top.Name, "confident:", top.Confidence >= 0.5 && !res.NoGoodMatch)
	// Output: 5 skills; best match: pdf-forms confident: true
}

// Load a skill the way an agent does (progressive disclosure): the
// SKILL.md body first, then only the reference file the task needs.
func ExampleCatalog_Load() {
	ctx := context.Background()
	cat, err := skilldex.Open(ctx, skilldex.Options{Roots: []string{"examples/skills"}})
	if err != nil {
		log.Fatal(err)
	}
	defer cat.Close()
	sk, err := cat.Load(ctx, "pdf-forms")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sk.Skill.Name, "has", len(sk.Files), "other files, among them", sk.Files[0])
	f, err := cat.ReadFile(ctx, "pdf-forms", sk.Files[0])
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(f.Content) > 0)
	_, err = cat.ReadFile(ctx, "pdf-forms", "../commit-messages/SKILL.md")
	fmt.Println("outside the skill's folder:", err != nil)
	// Output:
	// pdf-forms has 2 other files, among them references/forms.md
	// true
	// outside the skill's folder: true
}

// Keep a catalog live: a skill written to disk while Watch runs reaches
// search without a restart.
func ExampleCatalog_Watch() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	root, err := os.MkdirTemp("", "skills")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(root)
	cat, err := skilldex.Open(ctx, skilldex.Options{Roots: []string{root}})
	if err != nil {
		log.Fatal(err)
	}
	defer cat.Close()
	changed := make(chan skilldex.Change, 8)
	cat.Subscribe(func(c skilldex.Change) { changed <- c })
	go cat.Watch(ctx)

	dir := filepath.Join(root, "kube-rollout")
	write := func() {
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte("---\nname: kube-rollout\n"+
			"description: Roll out a Kubernetes deployment safely and roll it back when health checks fail.\n---\n# Rollouts\n"), 0o644)
	}
	write()
	for hang := time.After(5 * time.Minute); cat.Len() == 0; {
		select {
		case <-changed:
		case <-time.After(2 * time.Second):
			write() // Watch may not have been watching yet: write again
		case <-hang:
			log.Fatal("no change seen")
		}
	}
	res, _ := cat.Search(ctx, "roll back a kubernetes deployment", 1)
	fmt.Println(res.Hits[0].Name)
	// Output: kube-rollout
}
