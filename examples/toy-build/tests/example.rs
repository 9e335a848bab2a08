//! The example program rewrites its bundled input into the committed expected output, and a
//! broken input gets a located diagnostic.

use std::process::Command;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_bundled_input_rewrites_as_committed() {
    let out = Command::new(env!("CARGO_BIN_EXE_toy-build"))
        .arg(format!("{DIR}/input.mlir"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = std::fs::read_to_string(format!("{DIR}/input.mlir.expected")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn an_op_breaking_its_declaration_is_reported() {
    let input = std::env::temp_dir().join("toy-build-invalid.mlir");
    std::fs::write(
        &input,
        "func.func @f(%a: tensor<2xf64>) {\n  %0 = toy.reshape(%a : tensor<2xf64>) to tensor<?xf64>\n  toy.return\n}\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_toy-build"))
        .arg(&input)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("toy-build-invalid.mlir:2:8: error:"),
        "{stderr}"
    );
    assert!(
        stderr.contains("statically shaped tensor of 64-bit float values"),
        "{stderr}"
    );
}
