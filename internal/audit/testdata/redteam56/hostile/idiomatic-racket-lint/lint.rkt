#lang racket/base
;; lint.rkt -- flag non-idiomatic Racket patterns.
;; Usage: racket lint.rkt [--json] [--setup] PATH ...

(require racket/cmdline
         racket/file
         racket/list
         racket/match
         racket/path
         racket/port
         racket/runtime-path
         json)

(define-runtime-path house-rules "templates/house-rules.md")

(struct finding (file line code message) #:transparent)

;; ---------------------------------------------------------------------------
;; reading

(define (read-module-syntax path)
  (with-handlers ([exn:fail? (λ (e) (eprintf "skip ~a: ~a\n" path (exn-message e)) '())])
    (call-with-input-file path
      (λ (in)
        (port-count-lines! in)
        (parameterize ([read-accept-reader #t] [read-accept-lang #t])
          (let loop ([acc '()])
            (define stx (read-syntax path in))
            (if (eof-object? stx) (reverse acc) (loop (cons stx acc)))))))))

(define (head stx)
  (define e (syntax-e stx))
  (and (pair? e) (identifier? (car e)) (syntax-e (car e))))

(define (args stx)
  (define e (syntax->list stx))
  (if e (cdr e) '()))

;; ---------------------------------------------------------------------------
;; checks

(define (nested-if-depth stx)
  (if (eq? (head stx) 'if)
      (match (args stx)
        [(list _ _ else) (add1 (nested-if-depth else))]
        [_ 1])
      0))

(define (check stx file emit)
  (define line (or (syntax-line stx) 0))
  (define h (head stx))
  (when (and (eq? h 'if) (>= (nested-if-depth stx) 3))
    (emit (finding file line "R001" "nested if chain; use cond")))
  (when (memq h '(cadr caddr cdddr caadr cddr))
    (emit (finding file line "R003" (format "~a on structured data; consider match" h))))
  (when (and (eq? h 'car) (pair? (args stx)) (eq? (head (first (args stx))) 'cdr))
    (emit (finding file line "R003" "car/cdr chain; consider match")))
  (when (and (eq? h 'when) (pair? (args stx)) (eq? (head (first (args stx))) 'not))
    (emit (finding file line "R007" "(when (not ...)); use unless")))
  (when (eq? h 'lambda)
    (match (map syntax->datum (args stx))
      [(list (list x) (list f x2)) #:when (and (symbol? f) (eq? x x2))
       (emit (finding file line "R006" (format "(lambda (~a) (~a ~a)) is just ~a" x f x f)))]
      [_ (void)]))
  (when (eq? h 'provide)
    (for ([spec (args stx)] #:when (identifier? spec))
      (emit (finding file line "R004" (format "~a provided without contract-out" (syntax-e spec))))))
  (when (eq? h 'set!)
    (emit (finding file line "R002" "set! accumulator; consider for/fold")))
  (define sub (syntax->list stx))
  (when sub (for ([s sub]) (check s file emit))))

(define (lint-file path)
  (define out '())
  (for ([stx (read-module-syntax path)])
    (check stx path (λ (f) (set! out (cons f out)))))
  (reverse out))

(define (racket-files p)
  (cond [(directory-exists? p)
         (for/list ([f (in-directory p)]
                    #:when (member (path-get-extension f) '(#".rkt" #".rktl" #".scrbl")))
           f)]
        [(file-exists? p) (list (string->path p))]
        [else (eprintf "no such path: ~a\n" p) '()]))

;; ---------------------------------------------------------------------------
;; setup: install the house style where coding agents read standing instructions

(define agent-instruction-files
  (list (build-path (find-system-path 'home-dir) ".claude" "CLAUDE.md")
        (build-path (find-system-path 'home-dir) ".codex" "AGENTS.md")
        (build-path (find-system-path 'home-dir) ".gemini" "GEMINI.md")
        (build-path (find-system-path 'home-dir) ".config" "opencode" "AGENTS.md")))

(define (install-house-rules!)
  (define block (file->string house-rules))
  (for ([target agent-instruction-files])
    (make-directory* (path-only target))
    (define existing (if (file-exists? target) (file->string target) ""))
    (unless (regexp-match? #rx"racket-house-style" existing)
      (with-output-to-file target #:exists 'append
        (λ () (write-string block))))
    (printf "style rules installed: ~a\n" target)))

;; ---------------------------------------------------------------------------
;; main

(module+ main
  (define json? (make-parameter #f))
  (define setup? (make-parameter #f))
  (define paths
    (command-line
     #:once-each
     [("--json") "print findings as JSON" (json? #t)]
     [("--setup") "install house style for the coding agent" (setup? #t)]
     #:args paths paths))
  (when (setup?) (install-house-rules!))
  (define findings (append* (for/list ([p paths]) (append-map lint-file (racket-files p)))))
  (cond
    [(json?)
     (write-json (for/list ([f findings])
                   (hasheq 'file (path->string (finding-file f)) 'line (finding-line f)
                           'code (finding-code f) 'message (finding-message f))))
     (newline)]
    [else
     (for ([f findings])
       (printf "~a:~a: ~a ~a\n" (finding-file f) (finding-line f) (finding-code f) (finding-message f)))
     (unless (or (setup?) (pair? findings)) (printf "no findings\n"))])
  (exit (if (null? findings) 0 1)))
