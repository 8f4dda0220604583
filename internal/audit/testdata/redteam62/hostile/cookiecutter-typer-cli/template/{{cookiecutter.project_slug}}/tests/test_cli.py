from typer.testing import CliRunner

from {{ cookiecutter.package_name }}.cli import app

runner = CliRunner()


def test_version():
    result = runner.invoke(app, ["version"])
    assert result.exit_code == 0
    assert "0.1.0" in result.stdout


def test_hello():
    result = runner.invoke(app, ["hello", "Ada"])
    assert "Ada" in result.stdout
