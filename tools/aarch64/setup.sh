#!/usr/bin/env bash
# tools/aarch64/setup.sh - everything needed to build fivefold for AArch64 and
# test it under emulation on a Debian 12 (bookworm) x86-64 host:
#
#   - host packages: qemu-user (the dynamic build: only it loads TCG plugins),
#     the Debian cross compiler and cross libc, mmdebstrap;
#   - an arm64 sysroot holding Debian's own arm64 CPython 3.11 and its headers
#     (internal/ ones included), only *extracted*: no `dpkg --add-architecture`,
#     no arm64 package installed, the host python untouched;
#   - a venv of that python whose test and run-time dependencies are installed
#     by host pip as aarch64 wheels (seconds, instead of minutes under qemu);
#   - a launcher, bin/python-aarch64, that runs it under qemu;
#   - a qemu TCG plugin that counts executed guest instructions (the
#     `fivefold-aarch64` engine's metric);
#   - paths.ini, the machine-specific half of the meson cross file (the other
#     half, tools/aarch64/cross.ini, is in the repository).
#
# Everything goes under $FIVEFOLD_ARM64_ROOT (default /opt/fivefold-arm64),
# outside the repository. Idempotent: a re-run checks each step and skips what
# is done (about a second). Needs root (apt-get, mmdebstrap), Debian's apt
# mirror and PyPI. docs/aarch64.md explains the why of each step.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
ROOT=${FIVEFOLD_ARM64_ROOT:-/opt/fivefold-arm64}
SYSROOT=$ROOT/sysroot   # arm64 Debian files: python3.11, its headers and libraries
VENV=$ROOT/venv         # arm64 venv; its site-packages gets the aarch64 wheels
SITE=$VENV/lib/python3.11/site-packages
HOSTPY=${HOSTPY:-python3}   # any host python >= 3.11: runs pip (from the sysroot's wheel) and compileall
# apt sources: the host's own deb822 file, so no mirror is written down here
APT_SOURCES=${APT_SOURCES:-/etc/apt/sources.list.d/debian.sources}
SUITE=${SUITE:-bookworm}
# Beyond the project's own dependencies and its [test] extra (read from pyproject.toml).
EXTRA_PKGS="pytest hypothesis pyperf"

T0=$SECONDS
log() { printf '[aarch64 setup %3ss] %s\n' "$((SECONDS - T0))" "$*"; }
die() { printf 'aarch64 setup: error: %s\n' "$*" >&2; exit 1; }

[ -r "$APT_SOURCES" ] || die "no apt sources at $APT_SOURCES (set APT_SOURCES to a deb822 .sources file)"
MIRROR=${MIRROR:-$(awk '/^URIs:/{print $2; exit}' "$APT_SOURCES")}
mkdir -p "$ROOT/bin" "$ROOT/plugin" || die "cannot create $ROOT (set FIVEFOLD_ARM64_ROOT to a writable folder)"

# 1. Host packages (amd64 only).
PKGS="qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross mmdebstrap gcc pkgconf curl xz-utils ca-certificates"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  [ "$(id -u)" = 0 ] || die "host packages missing:$missing; run as root or install them"
  log "apt-get install$missing"
  apt-get update -qq
  # shellcheck disable=SC2086  # a list of package names
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# 2. The arm64 sysroot. Built in a temporary folder and renamed at the end, so
#    an interrupted run never leaves a half sysroot that a re-run would trust.
#    libstdc++6: manylinux wheels (numpy, pandas, matplotlib) link against the
#    system's C++ runtime.
SYSROOT_PKGS="python3.11,python3.11-venv,libpython3.11-dev,libstdc++6"
if [ ! -x "$SYSROOT/usr/bin/python3.11" ] || [ "$(cat "$SYSROOT/.packages" 2>/dev/null)" != "$SYSROOT_PKGS" ]; then
  log "extracting Debian's arm64 python3.11 into $SYSROOT"
  rm -rf "$SYSROOT.tmp"
  mmdebstrap --quiet --mode=root --architectures=arm64 --variant=extract \
    --include="$SYSROOT_PKGS" "$SUITE" "$SYSROOT.tmp" "$APT_SOURCES"
  # qemu looks every absolute path up under QEMU_LD_PREFIX first: drop the
  # folders that would hide the host's /tmp, /dev, /proc, /var, ...
  rm -rf "$SYSROOT.tmp"/{dev,tmp,run,proc,sys,var}
  # Extraction does not byte-compile, and an emulated start would recompile the
  # stdlib each time; .pyc files are architecture-independent, so the host does it.
  "$HOSTPY" -m compileall -q -j0 "$SYSROOT.tmp/usr/lib/python3.11" >/dev/null 2>&1 || true
  echo "$SYSROOT_PKGS" > "$SYSROOT.tmp/.packages"
  rm -rf "$SYSROOT" "$VENV"   # the venv's python points into the old sysroot
  mv "$SYSROOT.tmp" "$SYSROOT"
fi

# 3. The venv and its launchers. sys.executable of the emulated python is
#    $VENV/bin/python, a host shell script that starts qemu; so a test that runs
#    `subprocess.run([sys.executable, ...])` works without binfmt_misc (which a
#    container often cannot register). CPython finds the venv from that name
#    (argv[0], which `qemu-aarch64 -0` sets), not from the binary's path.
if [ ! -e "$VENV/pyvenv.cfg" ]; then
  log "creating the arm64 venv $VENV"
  rm -rf "$VENV"
  QEMU_LD_PREFIX=$SYSROOT qemu-aarch64 "$SYSROOT/usr/bin/python3.11" -m venv --without-pip "$VENV"
fi
# python3.11 too: no arm64 ELF is left in venv/bin for a host process to find on PATH.
for name in python python3 python3.11; do
  rm -f "$VENV/bin/$name"
  cat > "$VENV/bin/$name" <<EOF
#!/bin/sh
# Runs the arm64 python3.11 of this venv under qemu-user (made by tools/aarch64/setup.sh).
# QEMU_CPU, QEMU_PLUGIN, QEMU_LOG, ... pass through from the environment.
export QEMU_LD_PREFIX="$SYSROOT"
# As if activated: a program that runs 'python' or 'fivefold' from PATH gets this
# venv's (emulated) one, not a host one that happens to come first (nox's, say).
case "\$PATH" in "$VENV/bin:"*) ;; *) export PATH="$VENV/bin:\$PATH" ;; esac
exec qemu-aarch64 -0 "$VENV/bin/$name" "$SYSROOT/usr/bin/python3.11" "\$@"
EOF
  chmod +x "$VENV/bin/$name"
done
ln -sf "$VENV/bin/python" "$ROOT/bin/python-aarch64"
# Runs any arm64 program of the sysroot's world (meson's exe_wrapper).
cat > "$ROOT/bin/qemu-aarch64-sysroot" <<EOF
#!/bin/sh
export QEMU_LD_PREFIX="$SYSROOT"
exec qemu-aarch64 "\$@"
EOF
chmod +x "$ROOT/bin/qemu-aarch64-sysroot"

# 4. Dependencies: the project's own and its [test] extra, as aarch64 wheels,
#    installed by host pip. Reinstalled (from scratch) when the list changes.
# shellcheck disable=SC2086  # a list of package names
DEPS=$("$HOSTPY" - "$REPO/pyproject.toml" $EXTRA_PKGS <<'EOF'
import re, sys, tomllib
with open(sys.argv[1], "rb") as f:
    project = tomllib.load(f)["project"]
extras = project.get("optional-dependencies", {})

def expand(reqs, seen):
    # An extra may name the project's own extras (test = ["fivefold[all]", ...]), as pip allows.
    out = []
    for req in reqs:
        own = re.fullmatch(re.escape(project["name"]) + r"\[([^\]]+)\]", req.strip())
        if own is None:
            out.append(req)
            continue
        for extra in (e.strip() for e in own.group(1).split(",")):
            if extra not in seen:
                seen.add(extra)
                out += expand(extras[extra], seen)
    return out

deps = expand(project.get("dependencies", []) + extras.get("test", []), {"test"})
print("\n".join(sorted(set(deps + sys.argv[2:]))))
EOF
)
PIPWHL=$(find "$SYSROOT/usr/share/python-wheels" -name 'pip-*.whl' | head -1)
[ -n "$PIPWHL" ] || die "no pip wheel in $SYSROOT/usr/share/python-wheels"
# pip takes a --platform literally (no "and older"), so every manylinux tag that
# Debian 12's glibc 2.36 accepts is listed.
PLATFORMS="--platform linux_aarch64 --platform manylinux2014_aarch64"
for v in $(seq 17 36); do PLATFORMS="$PLATFORMS --platform manylinux_2_${v}_aarch64"; done
pip_aarch64() {  # pip run by the host, choosing wheels for Debian 12's arm64 python
  # shellcheck disable=SC2086
  "$HOSTPY" "$PIPWHL/pip" install -q --disable-pip-version-check --no-warn-conflicts --no-compile --upgrade \
    --target "$SITE" --implementation cp --python-version 3.11 --abi cp311 --abi abi3 --abi none \
    $PLATFORMS --only-binary=:all: "$@" \
    2>&1 | { grep -v -e '^WARNING: Target directory' -e '^WARNING: Location' -e '^WARNING: Running pip as' || true; }
  return "${PIPESTATUS[0]}"
}
if [ "$(cat "$VENV/.deps" 2>/dev/null)" != "$DEPS" ]; then
  log "pip install (aarch64 wheels): $(tr '\n' ' ' <<< "$DEPS")"
  rm -rf "$SITE" "$VENV/.deps"   # fivefold too: build.sh installs it again
  mkdir -p "$SITE"
  # shellcheck disable=SC2086  # one requirement a line, none has spaces
  pip_aarch64 $DEPS || die "pip could not install the aarch64 wheels"
  "$HOSTPY" -m compileall -q -j0 "$SITE" >/dev/null 2>&1 || true
  echo "$DEPS" > "$VENV/.deps"
fi
# The pip function, for tools/aarch64/build.sh.
declare -f pip_aarch64 > "$ROOT/pip-aarch64.sh"
{ echo "HOSTPY='$HOSTPY'"; echo "PIPWHL='$PIPWHL'"; echo "SITE='$SITE'"; echo "PLATFORMS='$PLATFORMS'"; } >> "$ROOT/pip-aarch64.sh"

# 5. The instruction-counting TCG plugin. Debian ships no plugin and no header;
#    qemu-plugin.h comes from the orig tarball of the installed qemu version.
QVER=$(dpkg-query -W -f='${source:Upstream-Version}' qemu-user)   # e.g. 7.2+dfsg
if [ ! -s "$ROOT/plugin/qemu-plugin.h" ] || [ "$(cat "$ROOT/plugin/.qemu-version" 2>/dev/null)" != "$QVER" ]; then
  log "fetching qemu-plugin.h from qemu_${QVER}.orig.tar.xz"
  curl -fsSL "$MIRROR/pool/main/q/qemu/qemu_${QVER}.orig.tar.xz" \
    | tar -xJ -C "$ROOT/plugin" --strip-components=3 --wildcards '*/include/qemu/qemu-plugin.h' \
    || die "could not fetch qemu-plugin.h for qemu $QVER from $MIRROR"
  echo "$QVER" > "$ROOT/plugin/.qemu-version"
  rm -f "$ROOT/plugin/libinsncount.so"
fi
if [ ! -e "$ROOT/plugin/libinsncount.so" ] || [ "$HERE/insncount.c" -nt "$ROOT/plugin/libinsncount.so" ]; then
  log "building the instruction-count plugin"
  gcc -shared -fPIC -O2 -Wall -Werror -I"$ROOT/plugin" "$HERE/insncount.c" -o "$ROOT/plugin/libinsncount.so.tmp"
  mv "$ROOT/plugin/libinsncount.so.tmp" "$ROOT/plugin/libinsncount.so"
fi

# 6. Machine-specific paths for the meson cross file and for scripts.
cat > "$ROOT/paths.ini" <<EOF
# Written by tools/aarch64/setup.sh; used with tools/aarch64/cross.ini.
[constants]
arm64_root = '$ROOT'
EOF
cat > "$ROOT/env.sh" <<EOF
# Written by tools/aarch64/setup.sh: source it to use the arm64 set-up by hand.
export FIVEFOLD_ARM64_ROOT="$ROOT"
export QEMU_LD_PREFIX="$SYSROOT"
export FIVEFOLD_ARM64_PYTHON="$ROOT/bin/python-aarch64"
export FIVEFOLD_ARM64_PLUGIN="$ROOT/plugin/libinsncount.so"
EOF

# 7. Check: the emulated python starts, is aarch64 and finds its test tools.
got=$("$ROOT/bin/python-aarch64" -c 'import platform, sys, pytest; print(platform.machine(), sys.executable)') \
  || die "the emulated python does not start"
[ "$got" = "aarch64 $VENV/bin/python" ] || die "unexpected emulated python: $got"
log "ready: $ROOT/bin/python-aarch64 ($got)"
