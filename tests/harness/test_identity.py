"""What a result is filed under: never 'unknown' (issue 17)."""

import re
import subprocess

from fivefold.harness import identity


def _git(cwd, *args):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_a_clean_tree_is_its_head_and_each_edit_gets_a_name_of_its_own(tmp_path, monkeypatch):
    repo = tmp_path / "tree"
    (repo / "shared" / "fivefold").mkdir(parents=True)
    (repo / "meson.build").write_text("project('x')\n")
    (repo / "shared" / "fivefold" / "changes.py").write_text("# registry\n")
    _git(repo, "init", "-q")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x")
    monkeypatch.delenv("FIVEFOLD_COMMIT", raising=False)
    monkeypatch.setattr(identity, "repository_root", lambda: repo)

    def name():
        identity.commit.cache_clear()
        return identity.commit()

    clean = name()
    assert re.fullmatch(r"[0-9a-f]{12}", clean)
    (repo / "meson.build").write_text("project('y')\n")
    first = name()
    (repo / "meson.build").write_text("project('z')\n")
    second = name()
    (repo / "new.py").write_text("x = 1\n")
    third = name()
    assert all(re.fullmatch(clean + r"-dirty-[0-9a-f]{8}", n) for n in (first, second, third))
    assert len({first, second, third}) == 3


def test_an_installed_fivefold_is_its_version_and_a_hash_of_its_files(monkeypatch):
    from fivefold import __version__

    monkeypatch.delenv("FIVEFOLD_COMMIT", raising=False)
    monkeypatch.setattr(identity, "repository_root", lambda: None)
    identity.commit.cache_clear()
    try:
        name = identity.commit()
    finally:
        identity.commit.cache_clear()
    assert re.fullmatch(rf"v{re.escape(__version__)}-src[0-9a-f]{{10}}", name)
    assert "unknown" not in name


def test_the_source_hash_changes_with_the_engine_sources(tmp_path, monkeypatch):
    """fivefold_source (filed with every result) is a hash of the sources: an edit
    of one file gives another."""
    import fivefold

    package = tmp_path / "fivefold"
    (package / "compiler").mkdir(parents=True)
    (package / "__init__.py").write_text("__version__ = '9.9'\n")
    (package / "compiler" / "codegen.py").write_text("x = 1\n")
    monkeypatch.setattr(fivefold, "__file__", str(package / "__init__.py"))
    monkeypatch.setattr(identity, "repository_root", lambda: None)

    def current():
        identity.source_hash.cache_clear()
        return identity.source_hash()

    try:
        first = current()
        assert re.fullmatch(r"[0-9a-f]{12}", first)
        assert current() == first
        (package / "compiler" / "codegen.py").write_text("x = 2\n")
        assert current() != first
    finally:
        identity.source_hash.cache_clear()


def test_every_stored_result_names_the_version_source_and_load():
    from fivefold.harness.store import METADATA_KEYS

    assert {"fivefold_version", "fivefold_source", "fivefold_load"} <= set(METADATA_KEYS)
