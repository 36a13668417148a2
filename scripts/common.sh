# Shared by the scripts in this folder: find the Swift toolchain and the repository root.
# shellcheck shell=bash
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH=/opt/swift/usr/bin:$PATH
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "error: no Swift toolchain on PATH" >&2
  echo "hint: install Swift 6.1 or newer from swift.org and put its usr/bin on PATH" >&2
  exit 1
fi
run_as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
