# pr-review.kak - review GitHub pull requests from Kakoune

declare-option -docstring 'current PR number' str pr_number ''
declare-option -docstring 'worktree for the current PR' str pr_worktree ''
declare-option -hidden str pr_buffer '*pr*'

define-command -params 1 -docstring 'pr-open <n>: open pull request n for review' pr-open %{
    set-option global pr_number %arg{1}
    evaluate-commands %sh{
        wt=$(kak-pr-fetch worktree "$1") || { echo "fail 'pr-open: could not fetch PR $1'"; exit; }
        printf 'set-option global pr_worktree %%{%s}\n' "$wt"
        diff=$(mktemp "${TMPDIR:-/tmp}/kak-pr.XXXXXX")
        gh pr diff "$1" > "$diff"
        printf 'edit -readonly -fifo %%{%s} %%opt{pr_buffer}\n' "$diff"
        printf 'set-option buffer filetype diff\n'
    }
}

define-command -docstring 'jump to next hunk' pr-next %{
    execute-keys '/^@@<ret>'
}

define-command -docstring 'jump to previous hunk' pr-prev %{
    execute-keys '<a-/>^@@<ret>'
}

define-command -params 1.. -docstring 'pr-comment <text>: comment on current line' pr-comment %{
    evaluate-commands %sh{
        file=${kak_buffile#"$kak_opt_pr_worktree/"}
        line=$kak_cursor_line
        if kak-pr-fetch comment "$kak_opt_pr_number" "$file" "$line" "$*"; then
            echo "echo -markup '{Information}comment posted on $file:$line'"
        else
            echo "fail 'pr-comment failed'"
        fi
    }
}

define-command -docstring 'approve the current PR' pr-approve %{
    evaluate-commands %sh{
        gh pr review "$kak_opt_pr_number" --approve >/dev/null 2>&1 \
          && echo "echo 'approved'" || echo "fail 'approve failed'"
    }
}

# keep the review mirror current; runs detached so start-up is not delayed
hook global KakBegin .* %{
    nop %sh{ (kak-pr-sync >/dev/null 2>&1 &) }
}
