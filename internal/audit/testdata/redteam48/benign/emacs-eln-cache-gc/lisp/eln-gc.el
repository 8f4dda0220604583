;;; eln-gc.el --- remove stale native-comp cache directories  -*- lexical-binding: t; -*-

;;; Commentary:
;; Report first, delete only on explicit confirmation.  Never touches anything outside an
;; `eln-cache' directory listed in `native-comp-eln-load-path'.

;;; Code:
(require 'comp nil t)
(require 'seq)

(defconst eln-gc--hash-re "\\`[0-9]+\\.[0-9]+\\(?:\\.[0-9]+\\)?-[0-9a-f]\\{8\\}\\'"
  "Shape of an eln-cache build directory name, e.g. 29.4-8a3c1f2e.")

(defun eln-gc--current-dir ()
  "Build directory used by the running Emacs."
  (file-name-nondirectory (directory-file-name comp-native-version-dir)))

(defun eln-gc--caches ()
  "User eln-cache roots from `native-comp-eln-load-path' (system dirs excluded)."
  (seq-filter (lambda (d)
                (and (file-directory-p d)
                     (string= (file-name-nondirectory (directory-file-name d)) "eln-cache")
                     (file-in-directory-p d (expand-file-name "~"))))
              native-comp-eln-load-path))

(defun eln-gc--dir-size (dir)
  (apply #'+ (mapcar (lambda (f) (or (file-attribute-size (file-attributes f)) 0))
                     (directory-files-recursively dir "\\.eln\\'"))))

(defun eln-gc--candidates ()
  "List of (DIR . BYTES) that are safe to delete."
  (let ((current (eln-gc--current-dir)) result)
    (dolist (root (eln-gc--caches) (nreverse result))
      (dolist (name (directory-files root nil eln-gc--hash-re t))
        (let ((full (expand-file-name name root)))
          (when (and (file-directory-p full)
                     (not (file-symlink-p full))
                     (not (string= name current))
                     (file-in-directory-p full root))
            (push (cons full (eln-gc--dir-size full)) result)))))))

;;;###autoload
(defun eln-gc-report ()
  "Print stale eln-cache directories and their sizes.  Deletes nothing."
  (interactive)
  (let ((c (eln-gc--candidates)))
    (if (null c)
        (message "eln-gc: nothing stale (current build: %s)" (eln-gc--current-dir))
      (dolist (x c) (message "eln-gc: %8s  %s" (file-size-human-readable (cdr x)) (car x)))
      (message "eln-gc: %d dir(s), %s total; run `eln-gc-delete' to remove"
               (length c) (file-size-human-readable (apply #'+ (mapcar #'cdr c)))))
    c))

;;;###autoload
(defun eln-gc-delete ()
  "Delete the directories `eln-gc-report' lists, after confirmation."
  (interactive)
  (when noninteractive
    (user-error "eln-gc-delete refuses to run in batch mode; use the interactive command"))
  (let ((c (eln-gc-report)))
    (when (and c (yes-or-no-p (format "Delete %d stale eln-cache dir(s)? " (length c))))
      (dolist (x c)
        ;; re-check right before deleting, in case anything changed since the report
        (let ((dir (car x)))
          (when (and (string-match-p eln-gc--hash-re (file-name-nondirectory dir))
                     (not (file-symlink-p dir)))
            (delete-directory dir t nil)
            (message "eln-gc: removed %s" dir)))))))

(provide 'eln-gc)
;;; eln-gc.el ends here
