//! `tessera-pdll` run as users run it: output and status, failing chunks, `-o` with
//! `--write-if-changed`, `-x=mlir`, `-d`, unsupported outputs.

use std::process::Command;

fn tool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tessera-pdll"))
}

fn write_input(dir: &std::path::Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-pdll-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn prints_the_ast_and_fails_without_output_on_errors() {
    let dir = temp_dir("basic");
    let ok = write_input(&dir, "ok.pdll", "Pattern => erase op<a.b>;\n");
    let out = tool().arg("-x=ast").arg(&ok).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("-Module 0x"), "{text}");
    assert!(
        text.contains("OpNameDecl 0x") && text.contains("Name<a.b>"),
        "{text}"
    );

    let split = write_input(
        &dir,
        "split.pdll",
        "Pattern => erase op<a.b>;\n// -----\nPattern => erase x;\n",
    );
    let out = tool()
        .arg(&split)
        .arg("-split-input-file")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(":2:18: error: undefined reference to `x`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn write_if_changed_leaves_an_identical_output_alone() {
    let dir = temp_dir("wic");
    let input = write_input(&dir, "in.pdll", "Pattern => erase op<a.b>;\n");
    let output = dir.join("out.ast");
    let run = || {
        tool()
            .arg(&input)
            .arg("-o")
            .arg(&output)
            .arg("--write-if-changed")
            .status()
            .unwrap()
    };
    assert!(run().success());
    let first = std::fs::metadata(&output).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert!(run().success());
    assert_eq!(
        std::fs::metadata(&output).unwrap().modified().unwrap(),
        first
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refuses_cpp_output() {
    let out = tool().arg("-x=cpp").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("-x=cpp"));
}

#[test]
fn prints_pdl_with_locations() {
    let dir = temp_dir("mlir");
    let input = write_input(&dir, "p.pdll", "Pattern Named => erase op<a.b>;\n");
    let out = tool()
        .current_dir(&dir)
        .args(["-x=mlir", "p.pdll"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // The default benefit counts the matched operation; upstream's is 0.
    assert!(text.contains("pdl.pattern @Named : benefit(1) {"), "{text}");
    assert!(text.contains("#loc1 = loc(\"p.pdll\":1:"), "{text}");
    let out = tool()
        .current_dir(&dir)
        .args(["-x=mlir", "--default-benefit=zero", "p.pdll"])
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("pdl.pattern @Named : benefit(0) {"));
    drop(input);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn writes_a_dependency_file_listing_the_includes() {
    let dir = temp_dir("depfile");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    write_input(&dir, "inc/defs.pdll", "Constraint C(v: Value);\n");
    write_input(
        &dir,
        "main.pdll",
        "#include \"defs.pdll\"\nPattern => erase op<a.b>(x: C);\n",
    );
    let out = tool()
        .current_dir(&dir)
        .args(["-I", "inc", "main.pdll", "-o", "out.ast", "-d", "out.d"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let deps = std::fs::read_to_string(dir.join("out.d")).unwrap();
    assert_eq!(deps, "out.ast: inc/defs.pdll\n");

    // A dependency file needs an output file to name.
    let out = tool()
        .current_dir(&dir)
        .args(["main.pdll", "-d", "out.d"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: the option -d must be used together with -o\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dump_ods_prints_each_chunks_context_to_stderr() {
    let dir = temp_dir("ods");
    write_input(
        &dir,
        "ops.td",
        "include \"tessera/OpBase.td\"\n\
         def T_Dialect : Dialect { let name = \"t\"; }\n\
         def T_X : Op<T_Dialect, \"x\"> { let results = (outs Variadic<I32>:$out); }\n",
    );
    let input = write_input(
        &dir,
        "in.pdll",
        "#include \"ops.td\"\nPattern => erase op<t.x>;\n// -----\nPattern => erase op<t.x>;\n",
    );
    let out = tool()
        .arg("--dump-ods")
        .arg("--split-input-file")
        .arg("-I")
        .arg(&dir)
        .arg(&input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "ODSContext {\n  Dialect `t` {\n    Operation `t.x` {\n      Results { out : \
         Variadic<I32> }\n    }\n  }\n  TypeConstraint `I32` {\n    Summary: variadic of \
         32-bit signless integer\n    CppClass: ::mlir::IntegerType\n  }\n}\n}\n\
         ODSContext {\n}\n}\n"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Name<I32>"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
