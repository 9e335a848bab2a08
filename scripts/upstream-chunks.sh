#!/usr/bin/env bash
# Turn upstream MLIR test files into round-trip checks for tessera.
#
# Usage: scripts/upstream-chunks.sh [options] FILE.mlir...
#
# Each FILE is split at lines starting with "// -----" (like mlir-opt
# --split-input-file). Every chunk is run through
#     mlir-opt --allow-unregistered-dialect --mlir-print-op-generic
# and only chunks that upstream accepts *and* whose generic output is a fixed
# point of upstream itself are kept. For each kept chunk the generic output is
# written to OUT/<name>.<n>.mlir (n = 0-based chunk index in FILE).
#
# Then every kept file is fed to the tool under test (default:
#     target/release/tessera-opt --mlir-print-op-generic --allow-unregistered-dialect
# with the file name appended) and its stdout is compared byte for byte with the
# file. The script prints "N passed, M failed" and the names of failing files;
# it exits 1 if anything failed.
#
# Nothing is written inside the repository: OUT must be outside it.
#
# Options:
#   --out DIR         scratch directory (default /tmp/tessera-upstream-chunks);
#                     its previous *.mlir / *.out / *.err files are removed first
#   --tool "CMD ..."  command under test; the chunk file name is appended
#   --mlir-opt PATH   upstream mlir-opt (default: $MLIR_OPT, LLVM 19, or PATH)
#   --debuginfo       add --mlir-print-debuginfo to both upstream and the tool
#   --no-check        only produce the chunks, do not run the tool
#   --timeout SECS    per-invocation time limit (default 30)
#   -v, --verbose     show a diff for each failure (first 40 lines)
#   -h, --help        this text
set -uo pipefail

die() { echo "upstream-chunks.sh: error: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=/tmp/tessera-upstream-chunks
tool_str="$root/target/release/tessera-opt --mlir-print-op-generic --allow-unregistered-dialect"
mlir_opt="${MLIR_OPT:-}"
debuginfo=0
check=1
limit=30
verbose=0
files=()

while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --out=*) out="${1#*=}"; shift ;;
    --tool) tool_str="$2"; shift 2 ;;
    --tool=*) tool_str="${1#*=}"; shift ;;
    --mlir-opt) mlir_opt="$2"; shift 2 ;;
    --mlir-opt=*) mlir_opt="${1#*=}"; shift ;;
    --debuginfo) debuginfo=1; shift ;;
    --no-check) check=0; shift ;;
    --timeout) limit="$2"; shift 2 ;;
    --timeout=*) limit="${1#*=}"; shift ;;
    -v|--verbose) verbose=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; files+=("$@"); break ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) files+=("$1"); shift ;;
  esac
done
[[ ${#files[@]} -gt 0 ]] || { usage >&2; die "no input files"; }

if [[ -z "$mlir_opt" ]]; then
  if [[ -x /usr/lib/llvm-19/bin/mlir-opt ]]; then mlir_opt=/usr/lib/llvm-19/bin/mlir-opt
  elif command -v mlir-opt-19 >/dev/null 2>&1; then mlir_opt="$(command -v mlir-opt-19)"
  elif command -v mlir-opt >/dev/null 2>&1; then mlir_opt="$(command -v mlir-opt)"
  else die "mlir-opt not found (install MLIR 19 or pass --mlir-opt / set MLIR_OPT)"
  fi
fi
[[ -x "$mlir_opt" ]] || die "mlir-opt '$mlir_opt' is not executable"

# Refuse to write into the repository (checked before anything is created).
out="$(realpath -m -- "$out")"
repo_real="$(realpath -- "$root")"
case "$out/" in
  "$repo_real"/*) die "scratch directory $out is inside the repository; choose one outside it" ;;
esac

read -r -a tool <<<"$tool_str"
if [[ $debuginfo == 1 ]] && [[ " ${tool[*]} " != *" --mlir-print-debuginfo "* ]]; then
  tool+=(--mlir-print-debuginfo)
fi
if [[ $check == 1 ]]; then
  [[ ${#tool[@]} -gt 0 ]] || die "empty --tool"
  if [[ ! -x "${tool[0]}" ]] && ! command -v "${tool[0]}" >/dev/null 2>&1; then
    die "tool '${tool[0]}' not found (build it, pass --tool, or use --no-check)"
  fi
fi

mkdir -p "$out" || die "cannot create $out"
case "$(cd "$out" && pwd -P)/" in
  "$repo_real"/*) die "scratch directory $out resolves to inside the repository" ;;
esac
rm -f "$out"/*.mlir "$out"/*.out "$out"/*.err "$out"/*.chunk

flags=(--allow-unregistered-dialect --mlir-print-op-generic)
[[ $debuginfo == 1 ]] && flags+=(--mlir-print-debuginfo)

run() { timeout "$limit" "$@"; }

declare -A used_names=()
kept=() ; rejected=0 ; unstable=0 ; total=0

for f in "${files[@]}"; do
  [[ -f "$f" ]] || { echo "warning: no such file: $f" >&2; continue; }
  base="$(basename "$f" .mlir)"
  name="$base"
  if [[ -n "${used_names[$name]:-}" ]]; then
    name="$(basename "$(dirname "$f")")_$base"
    i=2; while [[ -n "${used_names[$name]:-}" ]]; do name="$(basename "$(dirname "$f")")_${base}_$i"; i=$((i+1)); done
  fi
  used_names[$name]=1

  # Split at lines beginning with the marker (the rest of the marker line is dropped).
  awk -v dir="$out" -v name="$name" '
    BEGIN { n = 0; file = sprintf("%s/%s.%d.chunk", dir, name, n); printf "" > file }
    /^\/\/ -----/ { close(file); n++; file = sprintf("%s/%s.%d.chunk", dir, name, n); printf "" > file; next }
    { print > file }
  ' "$f"

  for chunk in "$out/$name".*.chunk; do
    total=$((total+1))
    n="${chunk%.chunk}"; n="${n##*.}"
    dest="$out/$name.$n.mlir"
    # Run from inside OUT with a bare file name so debuginfo locations are stable.
    if ! (cd "$out" && run "$mlir_opt" "${flags[@]}" "$(basename "$chunk")" >"$dest.tmp" 2>/dev/null); then
      rejected=$((rejected+1)); rm -f "$dest.tmp"; continue
    fi
    # Keep only chunks whose generic form is a fixed point of upstream itself.
    if ! (cd "$out" && run "$mlir_opt" "${flags[@]}" "$(basename "$dest.tmp")" >"$dest.again" 2>/dev/null) \
       || ! cmp -s "$dest.tmp" "$dest.again"; then
      unstable=$((unstable+1)); rm -f "$dest.tmp" "$dest.again"; continue
    fi
    rm -f "$dest.again"
    mv "$dest.tmp" "$dest"
    kept+=("$dest")
  done
  rm -f "$out/$name".*.chunk
done

echo "$total chunks: ${#kept[@]} kept in $out, $rejected rejected by upstream, $unstable not a fixed point in upstream"
[[ $check == 1 ]] || exit 0
[[ ${#kept[@]} -gt 0 ]] || { echo "0 passed, 0 failed"; exit 0; }

pass=0; fail=0; failed=()
for dest in "${kept[@]}"; do
  b="$(basename "$dest" .mlir)"
  if (cd "$out" && run "${tool[@]}" "$(basename "$dest")" >"$out/$b.out" 2>"$out/$b.err") \
     && cmp -s "$dest" "$out/$b.out"; then
    pass=$((pass+1)); rm -f "$out/$b.out" "$out/$b.err"
  else
    fail=$((fail+1)); failed+=("$b.mlir")
    if [[ $verbose == 1 ]]; then
      echo "--- FAIL $b.mlir" >&2
      if [[ -s "$out/$b.err" ]]; then head -5 "$out/$b.err" >&2; fi
      diff -u "$dest" "$out/$b.out" | head -40 >&2
    fi
  fi
done

echo "$pass passed, $fail failed"
if [[ $fail -gt 0 ]]; then
  printf '  %s\n' "${failed[@]}"
  echo "(tool output and stderr for failures are in $out/<name>.out and .err)"
  exit 1
fi
exit 0
