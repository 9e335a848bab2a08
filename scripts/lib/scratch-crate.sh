# Shared by the scripts that build generated Rust in a crate of their own (sourced, not run):
# `scratch_crate NAME` makes a temporary crate depending on tessera-ir, -asm and -ods, with
# tessera-build for its build.rs, outside the workspace. Needs `root` (the repository).
# Sets: work (the crate's directory, removed at exit; its src/ exists).
scratch_crate() {
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/src"
  cat > "$work/Cargo.toml" <<END
[package]
name = "$1"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
tessera-ir = { path = "$root/crates/tessera-ir" }
tessera-asm = { path = "$root/crates/tessera-asm" }
tessera-ods = { path = "$root/crates/tessera-ods" }
[build-dependencies]
tessera-build = { path = "$root/crates/tessera-build" }
[workspace]
END
}
