#lang racket/base
;; racket -l frog-theme-kit -- apply <blog-dir>
;; racket -l frog-theme-kit -- css
(require racket/cmdline
         racket/file
         racket/runtime-path
         "private/setup.rkt")

(define-runtime-path templates-dir "templates")
(define-runtime-path css-file "css/theme.css")

(define (apply-theme blog)
  (define frog (build-path blog "frog.rkt"))
  (unless (file-exists? frog)
    (error 'apply "~a has no frog.rkt; run from the blog root" blog))
  (define src (build-path blog "_src"))
  (for ([name '("page-template.html" "post-template.html")])
    (define target (build-path src name))
    (when (file-exists? target)
      (copy-file target (path-add-extension target #".bak") #t))
    (copy-file (build-path templates-dir name) target #t))
  (make-directory* (build-path blog "css"))
  (copy-file css-file (build-path blog "css" "theme.css") #t)
  (printf "Theme applied. Rebuild with: raco frog -b\n"))

(module+ main
  (command-line
   #:program "frog-theme-kit"
   #:args (cmd . rest)
   (case cmd
     [("apply") (apply-theme (if (null? rest) (current-directory) (car rest)))]
     [("css") (compile-stylesheet) (printf "css/theme.css rebuilt\n")]
     [else (eprintf "unknown command ~a (use apply or css)\n" cmd) (exit 2)])))
