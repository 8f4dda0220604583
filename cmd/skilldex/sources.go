package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/sources"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/spf13/cobra"
)

// sourceFlags are the flags add, update and sync share.
type sourceFlags struct {
	global           bool
	maxFile, maxRepo string
	allowRisky       bool
	allowRewrite     bool
	frozen, offline  bool
	dryRun           bool
	locks            []string
	path, name       string
	source           string
	args             []string
}

// sourceCmds are the commands that manage git sources and the lockfile
// (docs/sources.md).
func sourceCmds(cfg *config.Config) []*cobra.Command {
	ann := map[string]string{config.SourcesAnnotation: "manage"}
	var add, upd, syn, rem, lst sourceFlags
	addCmd := &cobra.Command{
		Use:   "add SOURCE",
		Short: "Fetch a git repository of skills into the cache, audit it and pin it in skilldex.lock",
		Long: `add fetches SOURCE into skilldex's cache (never into an agent's folders), refuses a hostile tree (links out
of the repository, submodules, files over the size limit, .git tricks), audits the skills and records the
source, its resolved commit and every file's SHA-256 in the project's skilldex.lock (--global: the user's).
Its skills are then served, and found by search, with your own folders.

SOURCE is a git URL (https://host/org/repo, ssh://user@host/path, user@host:org/repo.git, git://host/path,
file:///path) or the path of a local repository, with an optional #branch, #tag or #commit (default: the
remote's default branch). A token in an https URL is used, never written. See docs/sources.md.`,
		Example:     "  skilldex add https://github.com/anthropics/skills --path skills\n  skilldex add git@github.com:org/skills.git#v1.2.0 --name team",
		Args:        exactArgs(1, "SOURCE (a git URL or the path of a repository)"),
		Annotations: ann,
		RunE: func(cmd *cobra.Command, args []string) error {
			add.source = args[0]
			return runAdd(cmd.Context(), newApp(cmd, cfg), add)
		},
	}
	addCmd.Flags().StringVar(&add.path, "path", "", "serve only this folder of the repository (e.g. skills)")
	addCmd.Flags().StringVar(&add.name, "name", "", "the source's name in the lockfile (default: the --path folder's or the repository's name)")
	addCmd.Flags().BoolVar(&add.allowRisky, "allow-risky", false, "accept audit findings of high or critical severity")
	bindLimits(addCmd, &add)

	updCmd := &cobra.Command{
		Use:   "update [SOURCE...]",
		Short: "Move sources to the newest commit of their ref; print what changed, then write skilldex.lock",
		Long: `update moves each source (all of them without arguments; a SOURCE is a name or a URL) to the newest commit
of its branch or tag (a commit never moves), prints the skills added (+), removed (-) and changed (~, with
the files), new audit findings and refs that are not what they claim (a tag that moved, a force-pushed
branch), and writes the lockfile only when nothing was refused. Give a URL with a token again to fetch a
private source over https.`,
		Annotations: ann,
		RunE: func(cmd *cobra.Command, args []string) error {
			upd.args = args
			return runUpdate(cmd.Context(), newApp(cmd, cfg), upd)
		},
	}
	updCmd.Flags().BoolVar(&upd.allowRisky, "allow-risky", false, "accept new audit findings of high or critical severity")
	updCmd.Flags().BoolVar(&upd.allowRewrite, "allow-rewrite", false, "follow a tag that moved or a force-pushed branch")
	updCmd.Flags().BoolVar(&upd.dryRun, "dry-run", false, "print what would change; write nothing")
	bindLimits(updCmd, &upd)

	synCmd := &cobra.Command{
		Use:   "sync",
		Short: "Fetch exactly what skilldex.lock pins (from the cache when it is there) and check every digest",
		Long: `sync brings the commits the lockfile pins into the cache (nothing is fetched when they are cached), checks
every file against the lockfile's SHA-256 digests and serves them. An entry with only a url (and ref) is
resolved and locked. --frozen fails instead when anything differs from the lockfile: for CI and replicas.`,
		Args:        noArgs,
		Annotations: ann,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSync(cmd.Context(), newApp(cmd, cfg), syn)
		},
	}
	synCmd.Flags().BoolVar(&syn.frozen, "frozen", false, "fail when anything differs from the lockfile; never write it")
	synCmd.Flags().BoolVar(&syn.offline, "offline", false, "never contact a remote: every locked commit must be cached")
	synCmd.Flags().BoolVar(&syn.allowRisky, "allow-risky", false, "accept audit findings of high or critical severity in what is fetched")
	bindLimits(synCmd, &syn)

	remCmd := &cobra.Command{
		Use:         "remove SOURCE",
		Short:       "Drop a source (by name or URL) from skilldex.lock and the catalog",
		Args:        exactArgs(1, "SOURCE (a source's name or URL; see skilldex sources)"),
		Annotations: ann,
		RunE: func(cmd *cobra.Command, args []string) error {
			rem.source = args[0]
			return runRemove(cmd.Context(), newApp(cmd, cfg), rem)
		},
	}
	remCmd.Flags().BoolVar(&rem.global, "global", false, "use the user's lockfile instead of the project's")

	lstCmd := &cobra.Command{
		Use:         "sources",
		Short:       "List the git sources of the project's and the user's skilldex.lock with their state",
		Args:        noArgs,
		Annotations: ann,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSources(cmd.Context(), newApp(cmd, cfg), lst)
		},
	}
	lstCmd.AddCommand(pruneCmd(cfg, ann))
	return []*cobra.Command{addCmd, updCmd, synCmd, remCmd, lstCmd}
}

func bindLimits(cmd *cobra.Command, f *sourceFlags) {
	cmd.Flags().BoolVar(&f.global, "global", false, "use the user's lockfile instead of the project's")
	cmd.Flags().StringVar(&f.maxFile, "max-file-size", "50MB", "refuse a source with a file larger than this")
	cmd.Flags().StringVar(&f.maxRepo, "max-repo-size", "1GB", "stop fetching a repository larger than this")
}

// exactArgs is cobra.ExactArgs(n) saying what the argument is.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return fmt.Errorf("%s takes %s; see: %s --help", commandWords(cmd), what, cmd.CommandPath())
		}
		return nil
	}
}

// lockFor is the lockfile a command works on and its scope.
func lockFor(cfg *config.Config, global bool) (string, string, error) {
	if !global {
		return cfg.ProjectLock(), "project", nil
	}
	g := config.GlobalLock()
	if g == "" {
		return "", "", errors.New("--global: this platform has no user config folder")
	}
	return g, "global", nil
}

// manager is the sources manager with f's limits.
func (a *app) manager(f sourceFlags) (*sources.Manager, error) {
	m := a.cfg.SourceManager(a.stderr)
	lim := sources.DefaultLimits()
	var err error
	if f.maxFile != "" {
		if lim.MaxFileBytes, err = sources.ParseBytes(f.maxFile); err != nil {
			return nil, fmt.Errorf("--max-file-size: %w", err)
		}
	}
	if f.maxRepo != "" {
		if lim.MaxRepoBytes, err = sources.ParseBytes(f.maxRepo); err != nil {
			return nil, fmt.Errorf("--max-repo-size: %w", err)
		}
	}
	m.Limits = &lim
	return m, nil
}

func runAdd(ctx context.Context, a *app, f sourceFlags) error {
	lockPath, _, err := lockFor(a.cfg, f.global)
	if err != nil {
		return err
	}
	sp, err := sources.ParseSpec(f.source)
	if err != nil {
		return err
	}
	m, err := a.manager(f)
	if err != nil {
		return err
	}
	c, err := m.Add(ctx, lockPath, sp, sources.AddOptions{Name: f.name, Path: f.path, AllowRisky: f.allowRisky})
	var re *sources.RefusedError
	if err != nil && !errors.As(err, &re) {
		return err // nothing on stdout but a judgement (docs/json.md)
	}
	if a.cfg.JSON && c != nil {
		if jerr := writeJSON(a.stdout, c.Report(lockPath, err == nil)); jerr != nil {
			return jerr
		}
	} else if c != nil {
		c.WriteText(a.stdout, true)
	}
	if err != nil {
		return err
	}
	if !a.cfg.JSON {
		fmt.Fprintf(a.stdout, "added source %s to %s (%s); search them with: skilldex search QUERY\n",
			c.Name, lockPath, plural(len(c.Source.Skills), "skill", "skills"))
	}
	return nil
}

func runUpdate(ctx context.Context, a *app, f sourceFlags) error {
	lockPath, _, err := lockFor(a.cfg, f.global)
	if err != nil {
		return err
	}
	lock, err := sources.ReadLock(lockPath)
	if err != nil {
		return err
	}
	if len(lock.Sources) == 0 {
		return fmt.Errorf("%s has no sources; add one with: skilldex add URL", lockPath)
	}
	opts := sources.UpdateOptions{AllowRisky: f.allowRisky, AllowRewrite: f.allowRewrite, DryRun: f.dryRun}
	for _, arg := range f.args {
		if _, ok := lock.Sources[arg]; ok {
			opts.Names = append(opts.Names, arg)
			continue
		}
		sp, err := sources.ParseSpec(arg)
		if err != nil {
			return fmt.Errorf("%s is not a source of %s (%s)", arg, lockPath, strings.Join(lock.Names(), ", "))
		}
		found := false
		for _, n := range lock.Names() {
			if lock.Sources[n].URL == sp.URL {
				opts.Names, found = append(opts.Names, n), true
			}
		}
		if !found {
			return fmt.Errorf("no source of %s has the URL %s (sources: %s)", lockPath, sp.URL, strings.Join(lock.Names(), ", "))
		}
		opts.Creds = append(opts.Creds, sp)
	}
	m, err := a.manager(f)
	if err != nil {
		return err
	}
	changes, err := m.Update(ctx, lockPath, opts)
	var re *sources.RefusedError
	if err != nil && !errors.As(err, &re) {
		return err
	}
	if a.cfg.JSON {
		out := []any{}
		for _, c := range changes {
			out = append(out, c.Report(lockPath, err == nil && !f.dryRun))
		}
		if jerr := writeJSON(a.stdout, out); jerr != nil {
			return jerr
		}
	} else {
		for _, c := range changes {
			c.WriteText(a.stdout, false)
		}
	}
	if err != nil {
		return fmt.Errorf("%s not written: %w", lockPath, err)
	}
	if !a.cfg.JSON {
		switch moved := countMoved(changes); {
		case f.dryRun:
			fmt.Fprintf(a.stdout, "dry run: %s not written\n", lockPath)
		case moved == 0:
			fmt.Fprintf(a.stdout, "every source is up to date; %s unchanged\n", lockPath)
		default:
			fmt.Fprintf(a.stdout, "wrote %s (%s moved)\n", lockPath, plural(moved, "source", "sources"))
		}
	}
	return nil
}

func countMoved(cs []*sources.Change) int {
	n := 0
	for _, c := range cs {
		if c.Moved() && len(c.Refused) == 0 {
			n++
		}
	}
	return n
}

func runSync(ctx context.Context, a *app, f sourceFlags) error {
	lockPath, _, err := lockFor(a.cfg, f.global)
	if err != nil {
		return err
	}
	m, err := a.manager(f)
	if err != nil {
		return err
	}
	res, err := m.Sync(ctx, lockPath, sources.SyncOptions{Frozen: f.frozen, Offline: f.offline, AllowRisky: f.allowRisky})
	if a.cfg.JSON {
		if err != nil {
			return err
		}
		if res == nil {
			res = []sources.SyncResult{}
		}
		if jerr := writeJSON(a.stdout, res); jerr != nil {
			return jerr
		}
	} else {
		for _, r := range res {
			how := "cached"
			if r.Fetched {
				how = "fetched"
			}
			if r.Resolved {
				how = "resolved and locked"
			}
			fmt.Fprintf(a.stdout, "%s: %s, %s\n", r.Name, plural(r.Skills, "skill", "skills"), how)
		}
	}
	if err != nil {
		return err
	}
	if !a.cfg.JSON {
		if len(res) == 0 {
			fmt.Fprintf(a.stdout, "%s has no sources\n", lockPath)
		} else {
			fmt.Fprintf(a.stdout, "synced %s of %s\n", plural(len(res), "source", "sources"), lockPath)
		}
	}
	return nil
}

func runRemove(_ context.Context, a *app, f sourceFlags) error {
	lockPath, _, err := lockFor(a.cfg, f.global)
	if err != nil {
		return err
	}
	s, err := a.cfg.SourceManager(a.stderr).Remove(lockPath, f.source)
	if err != nil {
		return err
	}
	if a.cfg.JSON {
		return writeJSON(a.stdout, s)
	}
	fmt.Fprintf(a.stdout, "removed %s (%s) from %s\n", f.source, s.URL, lockPath)
	return nil
}

func runSources(_ context.Context, a *app, _ sourceFlags) error {
	m := a.cfg.SourceManager(a.stderr)
	var all sources.Origins
	for _, lf := range a.cfg.LockFiles() {
		ors, err := m.Origins(lf[0], lf[1])
		if err != nil {
			return err
		}
		all = append(all, ors...)
	}
	if a.cfg.JSON {
		if all == nil {
			all = sources.Origins{}
		}
		return writeJSON(a.stdout, all)
	}
	if len(all) == 0 {
		fmt.Fprintln(a.stderr, termtext.FitLines(fmt.Sprintf("no sources in %s; add one with: skilldex add URL", joinLocks(a.cfg.LockFiles())), termWidth(a.stderr)))
		return nil
	}
	var rows [][]string
	for _, o := range all {
		ref := o.URL
		if o.Ref != "" {
			ref += "#" + o.Ref
		}
		if o.Path != "" {
			ref += " (" + o.Path + ")"
		}
		commit := o.Commit
		if len(commit) > 12 {
			commit = commit[:12]
		}
		rows = append(rows, []string{o.Name, o.Scope, o.State, fmt.Sprint(o.Skills), orDash(commit), ref})
	}
	return termtext.Table(a.stdout, []string{"NAME", "SCOPE", "STATE", "SKILLS", "COMMIT", "SOURCE"}, rows)
}

func joinLocks(ls [][2]string) string {
	var s []string
	for _, l := range ls {
		s = append(s, l[0])
	}
	return strings.Join(s, " or ")
}
