#!/usr/bin/env bash
# tools/aarch64/build.sh - cross-build fivefold for aarch64 and install it into
# the emulated venv that tools/aarch64/setup.sh made.
#
# meson-python builds the wheel on the host (the cross compiler runs natively;
# meson asks the emulated python only for its extension suffix and include
# folders) into a build folder that stays, build/aarch64-cp311, so a re-run
# recompiles only what changed. Host pip then installs the wheel into the
# emulated venv (--no-deps: setup.sh installed the dependencies).
#
# Needs a host python 3.11 with meson-python, meson and ninja (`nox -s aarch64`
# provides one; by hand: PYTHON=/path/to/python tools/aarch64/build.sh).
# Extra meson options: FIVEFOLD_MESON_ARGS="-Dstats=true".
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
ROOT=${FIVEFOLD_ARM64_ROOT:-/opt/fivefold-arm64}
PY=${PYTHON:-python3}
BUILD_DIR=$REPO/build/aarch64-cp311
DIST=$REPO/build/aarch64-dist

die() { printf 'aarch64 build: error: %s\n' "$*" >&2; exit 1; }
if [ ! -e "$ROOT/paths.ini" ] || [ ! -e "$ROOT/pip-aarch64.sh" ]; then
  die "no arm64 set-up in $ROOT: run tools/aarch64/setup.sh first"
fi
"$PY" -c 'import sys; assert sys.version_info[:2] == (3, 11)' 2>/dev/null \
  || die "$PY is not a python 3.11 (set PYTHON=...)"
# The build runs without build isolation (so the build folder stays and a re-run
# recompiles only what changed), so it needs meson-python in the python it runs.
# When $PY has none (an installed fivefold, the tests' venv), make a build venv
# once, beside the build folder, with the build requirements of pyproject.toml.
if ! "$PY" -c 'import mesonpy' 2>/dev/null; then
  BUILD_VENV=$REPO/build/aarch64-buildenv
  if ! "$BUILD_VENV/bin/python" -c 'import mesonpy' 2>/dev/null; then
    echo "aarch64 build: $PY has no meson-python; making $BUILD_VENV" >&2
    rm -rf "$BUILD_VENV"
    "$PY" -m venv "$BUILD_VENV" || die "could not make the build venv $BUILD_VENV"
    requires=$("$PY" -c 'import sys, tomllib; print(" ".join(tomllib.load(open(sys.argv[1], "rb"))["build-system"]["requires"]))' "$REPO/pyproject.toml") \
      || die "could not read the build requirements from pyproject.toml"
    # shellcheck disable=SC2086
    "$BUILD_VENV/bin/python" -m pip install -q --disable-pip-version-check $requires \
      || die "could not install the build requirements ($requires) into $BUILD_VENV"
  fi
  PY=$BUILD_VENV/bin/python
fi

setup_args=("-Csetup-args=--cross-file=$ROOT/paths.ini" "-Csetup-args=--cross-file=$HERE/cross.ini")
for a in ${FIVEFOLD_MESON_ARGS:-}; do setup_args+=("-Csetup-args=$a"); done

rm -rf "$DIST"
# _PYTHON_HOST_PLATFORM: the wheel's platform tag (meson-python takes it from
# sysconfig.get_platform(), which reads this variable); the ABI tag, cp311,
# comes from the host python, which is why it must be 3.11 too.
_PYTHON_HOST_PLATFORM=linux-aarch64 "$PY" -m pip wheel -q --no-build-isolation --no-deps \
  --disable-pip-version-check -w "$DIST" -Cbuild-dir="$BUILD_DIR" "${setup_args[@]}" "$REPO" \
  || die "cross build failed"
wheels=("$DIST"/fivefold-*-cp311-cp311-linux_aarch64.whl)
[ -e "${wheels[0]}" ] || die "no cp311 linux_aarch64 wheel in $DIST: $(ls "$DIST")"

# shellcheck source=/dev/null
. "$ROOT/pip-aarch64.sh"
pip_aarch64 --no-deps --force-reinstall "${wheels[0]}" || die "could not install ${wheels[0]}"

# pip --target writes the wheel's scripts (meson installs shared/scripts/, each a
# `from MODULE import FUNC` and `sys.exit(FUNC())`) into $SITE/bin with the *host*
# python in their #! line; replace them with scripts that call the same function
# on the emulated python. Entry points (console_scripts), should there be any, the same.
VENV=$ROOT/venv
"$PY" - "$SITE" <<'EOF' > "$ROOT/launchers.txt" || die "could not read the wheel's scripts"
import configparser, glob, os, re, sys
site = sys.argv[1]
for path in sorted(glob.glob(f"{site}/bin/*")):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    found = re.search(r"^from ([\w.]+) import (\w+)$", text, re.M)
    if text.startswith("#!") and found and f"sys.exit({found.group(2)}())" in text:
        print(os.path.basename(path), found.group(1), found.group(2))
for path in glob.glob(f"{site}/fivefold-*.dist-info/entry_points.txt"):
    entry_points = configparser.ConfigParser()
    entry_points.read(path)
    if entry_points.has_section("console_scripts"):
        for name, target in entry_points.items("console_scripts"):
            module, _, func = target.partition(":")
            print(name, module.strip(), func.strip())
EOF
rm -rf "${SITE:?}/bin"
grep -q '^fivefold-python ' "$ROOT/launchers.txt" \
  || die "the wheel has no fivefold-python script (shared/scripts/, meson.build's install_data)"
while read -r name module func; do
  cat > "$VENV/bin/$name" <<EOF
#!/bin/sh
# The '$name' command of the arm64 venv (written by tools/aarch64/build.sh).
exec "$VENV/bin/python" -c 'import sys; from $module import $func; sys.argv[0] = "$name"; sys.exit($func())' "\$@"
EOF
  chmod +x "$VENV/bin/$name"
done < "$ROOT/launchers.txt"

# The emulated python must import the aarch64 extension, not anything else.
so=$("$VENV/bin/python" -c 'import fivefold._fivefold as m; print(m.__file__)') \
  || die "the emulated python cannot import fivefold._fivefold"
case "$so" in
  "$SITE"/fivefold/_fivefold.cpython-311-aarch64-linux-gnu.so) echo "aarch64 build: installed $so" ;;
  *) die "fivefold._fivefold came from $so, not from the arm64 venv" ;;
esac
