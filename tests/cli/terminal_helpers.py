"""What the terminal tests share: a console that writes to a string, and scripted answers."""

from __future__ import annotations

import io

from rich.console import Console


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, force_terminal=False), out


def scripted(answers):
    """An ``ask`` function giving ``answers`` in turn (an exception in the list is raised),
    then EOFError, as a person closing the input would."""
    answers = list(answers)

    def ask(prompt):
        if not answers:
            raise EOFError
        answer = answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    return ask
