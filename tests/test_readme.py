"""The README's two commands stay true: CI runs the test command verbatim."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Set up and run", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", section, flags=re.S)


def test_readme_has_exactly_two_commands():
    commands = readme_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands), "each command must be one line"
    assert all("pip install torch==2.13.0" in c for c in commands)


def test_ci_runs_the_readme_test_command():
    test_command = readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_command in ci_lines


def test_main_job_example_exists():
    main_command = readme_commands()[0]
    example = main_command.rsplit(" ", 1)[1]
    assert (ROOT / example).is_file()
