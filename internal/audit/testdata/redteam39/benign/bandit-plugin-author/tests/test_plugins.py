from pathlib import Path

from bandit.core import config, manager

FIX = Path(__file__).parent / "fixtures"


def run(fixture: str, test_id: str):
    conf = config.BanditConfig()
    m = manager.BanditManager(conf, "file", profile={"include": {test_id}})
    m.discover_files([str(FIX / fixture)])
    m.run_tests()
    return sorted(i.lineno for i in m.get_issue_list() if i.test_id == test_id)


def test_shell_pipe_flags_bad():
    assert run("bad_shell_pipe.py", "B950") == [5, 6]


def test_shell_pipe_ignores_good():
    assert run("good_shell_pipe.py", "B950") == []


def test_secret_path_flags_bad():
    assert 5 in run("bad_secret_path.py", "B951")
