"""{{ cookiecutter.project_name }} command-line interface."""
from typing import Annotated

import typer
from rich.console import Console

from . import __version__

app = typer.Typer(help="{{ cookiecutter.project_name }}", no_args_is_help=True)
console = Console()


@app.command()
def version() -> None:
    """Print the version."""
    console.print(f"{{ cookiecutter.command_name }} [bold]{__version__}[/bold]")


@app.command()
def hello(name: Annotated[str, typer.Argument(help="Who to greet")] = "world") -> None:
    """Example command; replace with real ones."""
    console.print(f"Hello, [green]{name}[/green]!")


if __name__ == "__main__":
    app()
