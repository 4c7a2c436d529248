"""Running programs on fivefold, one module per concern:

- program: run PROGRAM.py the way `python PROGRAM.py` does (and `execute`, shared
  by every mode)
- run_modes: `-m MODULE`, `-c CODE` and `-` (standard input)
- launcher: `fivefold-python`, python's command line on fivefold
- executable: which executable fivefold processes and their children run
- import_hook: the program's own modules compiled by fivefold when imported (and
  --accelerate patterns, --accelerate-all, --no-accelerate)
- in_place: modules imported before the program started, given fivefold's code in place
- bytecode_cache: compiled modules on disk (__pycache__/*.fivefold.pyc, else the user cache)
- disassembler: `fivefold dis`
- run_stats: `fivefold run --stats`
- venv_command: `fivefold venv DIR`, an environment whose python runs on fivefold
- engine_commands: the `fivefold run` and `fivefold dis` command lines
"""
