"""The repository's layout: the folder shared/fivefold is the package `fivefold`.

Read from the source tree with `ast` (nothing is imported), following the
relative symlinks through which shared/fivefold reaches stage1..4, model,
reports and benchmarks:

(a) every `fivefold.*` import, absolute or relative, at any level, names a file
    of the tree (a module, or a name bound at the top of one), and so do the
    module names in strings (cli.COMMAND_MODULES, importlib calls) and the
    console scripts of shared/scripts/;
(b) the modules import no cycle (an import inside a function counts as an edge;
    a package's __init__ is not an edge of its submodules);
(c) no two modules or packages share a base name, except __init__ and __main__;
(d) the top-level folders and files asked for exist.

Each check is a function run on the real tree, and on a small tree made to break
it, so each assertion is seen to fail.
"""

from __future__ import annotations

import ast
import os
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "shared" / "fivefold"

# Names that resolve to no Python file of the tree, each with why.
NOT_FILES = {
    "fivefold._fivefold": "the C extension, built by meson from shared/vm and stage*/vm",
}
# Base names two modules may share, each with why (none today).
SHARED_BASE_NAMES: dict[str, str] = {}
TOP_LEVEL = ["noxfile.py", "pyproject.toml", "stage1", "stage2", "stage3", "stage4", "shared",
             "model", "tests", "reports"]
LINKED = ["stage1", "stage2", "stage3", "stage4", "model", "reports", "benchmarks"]
MODULE_NAME = re.compile(r"fivefold(\.[A-Za-z_][A-Za-z0-9_]*)+")


class Tree:
    """The .py files under a package folder (`fivefold`), with their module names."""

    def __init__(self, package: Path):
        self.package = package
        self.files: dict[str, Path] = {}      # module name -> file, every .py
        self.modules: set[str] = set()        # those inside regular packages
        for folder, subdirs, names in os.walk(package, followlinks=True):
            subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
            rel = Path(folder).relative_to(package).parts
            in_package = all((package.joinpath(*rel[:i]) / "__init__.py").is_file()
                             for i in range(len(rel) + 1))
            for name in sorted(names):
                if not name.endswith(".py"):
                    continue
                parts = ["fivefold", *rel] + ([] if name == "__init__.py" else [name[:-3]])
                module = ".".join(parts)
                self.files[module] = Path(folder) / name
                if in_package:
                    self.modules.add(module)
        self._trees: dict[str, ast.Module] = {}

    def tree(self, module: str) -> ast.Module:
        if module not in self._trees:
            path = self.files[module]
            self._trees[module] = ast.parse(path.read_text(), str(path))
        return self._trees[module]

    def is_package(self, module: str) -> bool:
        return self.files[module].name == "__init__.py"

    def bound_names(self, module: str) -> set[str]:
        """Names bound at the top of a module (in if/try/with blocks too, not in defs)."""
        names: set[str] = set()

        def visit(body):
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, (ast.Import, ast.ImportFrom)):
                    names.update((a.asname or a.name).split(".")[0] for a in node.names)
                elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target in targets:
                        names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
                for field in ("body", "orelse", "finalbody", "handlers"):
                    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        visit(getattr(node, field, []))

        visit(self.tree(module).body)
        return names

    def imports(self, module: str):
        """(line, imported name, target module or None when it resolves to nothing)."""
        package = module if self.is_package(module) else module.rpartition(".")[0]
        for node in ast.walk(self.tree(module)):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "fivefold":
                        yield node.lineno, alias.name, self.resolve(alias.name)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                if source.split(".")[0] != "fivefold":
                    continue
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    if self.resolve(sub):
                        yield node.lineno, sub, self.resolve(sub)
                    elif self.resolve(source) and (alias.name == "*" or source not in self.files
                                                   or alias.name in self.bound_names(source)):
                        yield node.lineno, sub, self.resolve(source)
                    else:
                        yield node.lineno, sub, None

    def resolve(self, name: str) -> str | None:
        if name in self.files or name in NOT_FILES:
            return name
        return None


def unresolved_imports(tree: Tree) -> list[str]:
    problems = []
    for module in sorted(tree.files):
        for line, name, target in tree.imports(module):
            if target is None:
                problems.append(f"{tree.files[module]}:{line}: {name}")
    return problems


def unresolved_strings(tree: Tree) -> list[str]:
    """Strings that are a whole fivefold module name (what importlib is given)."""
    problems = []
    for module in sorted(tree.files):
        nodes = list(ast.walk(tree.tree(module)))
        # A piece of an f-string (f"fivefold.stage{n}") is not a name of its own.
        pieces = {id(v) for n in nodes if isinstance(n, ast.JoinedStr) for v in n.values}
        for node in nodes:
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in pieces \
                    and MODULE_NAME.fullmatch(node.value) and not tree.resolve(node.value):
                problems.append(f"{tree.files[module]}:{node.lineno}: {node.value!r}")
    return problems


def import_cycles(tree: Tree) -> list[list[str]]:
    """One cycle (a -> ... -> a) for each strongly connected set of modules."""
    edges = {m: sorted({t for _, _, t in tree.imports(m) if t in tree.modules and t != m})
             for m in sorted(tree.modules)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def connect(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = set()
            while True:
                w = stack.pop()
                members.add(w)
                if w == v:
                    break
            if len(members) > 1:
                cycles.append(_cycle_through(v, members, edges))

    for v in edges:
        if v not in index:
            connect(v)
    return cycles


def _cycle_through(start: str, members: set[str], edges) -> list[str]:
    """A path start -> ... -> start inside the strongly connected set (breadth first)."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in edges[v]:
            if w == start:
                return paths[v] + [start]
            if w in members and w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    raise AssertionError("not a cycle")


def shared_base_names(tree: Tree) -> dict[str, list[str]]:
    by_base: dict[str, list[str]] = {}
    for module in sorted(tree.modules):
        base = module.rpartition(".")[2]
        if module != "fivefold" and base not in ("__init__", "__main__"):
            by_base.setdefault(base, []).append(module)
    return {b: ms for b, ms in by_base.items() if len(ms) > 1 and b not in SHARED_BASE_NAMES}


def missing_top_level(root: Path) -> list[str]:
    return [name for name in TOP_LEVEL if not (root / name).exists()]


@pytest.fixture(scope="module")
def tree():
    return Tree(PACKAGE)


# --- the real tree --------------------------------------------------------------

def test_every_fivefold_import_resolves_to_a_file(tree):
    assert len(tree.modules) > 50
    assert unresolved_imports(tree) == []


def test_module_names_in_strings_resolve(tree):
    assert "fivefold.runtime.engine_commands" in {
        n.value for n in ast.walk(tree.tree("fivefold.cli")) if isinstance(n, ast.Constant)}
    assert unresolved_strings(tree) == []


def console_scripts() -> dict[str, str]:
    """The console scripts (shared/scripts/, installed by meson): name -> "module:function"
    from each file's `from MODULE import FUNCTION`."""
    scripts = {}
    for path in sorted((ROOT / "shared" / "scripts").iterdir()):
        imports = [n for n in ast.walk(ast.parse(path.read_text()))
                   if isinstance(n, ast.ImportFrom) and n.module.startswith("fivefold")]
        assert len(imports) == 1 and len(imports[0].names) == 1, path
        scripts[path.name] = f"{imports[0].module}:{imports[0].names[0].name}"
    return scripts


def test_console_scripts_name_a_function_of_the_package(tree):
    scripts = console_scripts()
    assert set(scripts) == {"fivefold", "fivefold-python"}
    for name, target in scripts.items():
        module, _, function = target.partition(":")
        assert tree.resolve(module), f"{name}: {module} is not a module of shared/fivefold"
        assert function in tree.bound_names(module), f"{name}: {module} has no {function}"
    # meson installs every one of them (pip's entry points would import re first).
    meson = (ROOT / "meson.build").read_text()
    assert all(f"'shared/scripts/{name}'" in meson for name in scripts)
    assert "scripts" not in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_no_import_cycle(tree):
    cycles = import_cycles(tree)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_no_two_modules_share_a_base_name(tree):
    assert shared_base_names(tree) == {}


def test_top_level_folders_exist():
    assert missing_top_level(ROOT) == []


def test_stage_model_and_reports_are_relative_links_to_the_top_level_folders():
    for name in LINKED:
        link = PACKAGE / name
        assert link.is_symlink(), f"shared/fivefold/{name} is not a symlink"
        assert os.readlink(link) == f"../../{name}"
        assert link.resolve() == (ROOT / name).resolve()


# --- each check fails on a tree that breaks it ------------------------------------

def _write(root: Path, files: dict[str, str]) -> Tree:
    for name, text in files.items():
        path = root / "fivefold" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return Tree(root / "fivefold")


def test_checks_fail_on_a_broken_tree(tmp_path):
    tree = _write(tmp_path, {
        "__init__.py": "from fivefold import a\n",
        "a.py": "import fivefold.gone\nfrom fivefold.b import thing, missing\n",
        "b.py": "thing = 1\ndef f():\n    from . import c\n",
        "c.py": "from fivefold import a\nNAME = 'fivefold.nowhere'\n",
        "x/__init__.py": "",
        "x/c.py": "",
    })
    assert unresolved_imports(tree) == [f"{tree.files['fivefold.a']}:1: fivefold.gone",
                                        f"{tree.files['fivefold.a']}:2: fivefold.b.missing"]
    assert unresolved_strings(tree) == [f"{tree.files['fivefold.c']}:2: 'fivefold.nowhere'"]
    assert import_cycles(tree) == [["fivefold.a", "fivefold.b", "fivefold.c", "fivefold.a"]]
    assert shared_base_names(tree) == {"c": ["fivefold.c", "fivefold.x.c"]}
    (tmp_path / "noxfile.py").write_text("")
    missing = missing_top_level(tmp_path)
    assert "stage3" in missing and "noxfile.py" not in missing
