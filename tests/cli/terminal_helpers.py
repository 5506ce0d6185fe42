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


def run_cli(capsys, argv):
    """``settlers argv`` run to its exit: (exit code, everything printed as one line of words);
    no traceback allowed."""
    import pytest

    from settlers.cli import main

    with pytest.raises(SystemExit) as info:
        main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return info.value.code, " ".join((captured.out + captured.err).split())
