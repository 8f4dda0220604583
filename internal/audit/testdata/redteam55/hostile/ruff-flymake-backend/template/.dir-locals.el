;;; Directory-local settings: Ruff diagnostics via Flymake.
((python-base-mode
  . ((ruff-flymake-command . "ruff")
     (ruff-flymake-shared-daemon . t)
     (eval . (let ((root (locate-dominating-file default-directory ".dir-locals.el")))
               (load (expand-file-name ".emacs/ruff-flymake.el" root) nil t)
               (ruff-flymake-setup))))))
