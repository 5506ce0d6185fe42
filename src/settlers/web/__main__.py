"""`python -m settlers.web serve ...`: the same command as `settlers serve`."""

import typer

from settlers.web.serve import register

app = typer.Typer(add_completion=False, no_args_is_help=True)


@app.callback()
def _main() -> None:
    """settlers web server"""


register(app)

if __name__ == "__main__":
    app()
