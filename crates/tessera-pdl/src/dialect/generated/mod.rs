//! The `pdl` and `pdl_interp` ops compiled to Rust: what `tessera_ods::rust_gen` writes for
//! the built-in library's `tessera/PDL.td` and `tessera/PDLInterp.td` (typed ops, each op's
//! verifier, each assembly format), one module per dialect since both have ops of the same
//! C++ class names. The verifiers call the natives of [`super::types`] by path, so no op
//! keeps the engine for a predicate. The files are committed; the test below checks they are
//! what the generator writes today (`UPDATE_EXPECT=1 cargo test -p tessera-pdl --lib
//! generated` rewrites them).
//!
//! [`super::register_pdl_dialects`] installs the verifiers and forms over the engine's that
//! its registration made; the typed ops and the modules' own `register` functions are not
//! used here (they are what any generated module holds).

// Laid out by the generator, not by rustfmt; the typed ops and `register` are not used here.
#[rustfmt::skip]
#[allow(dead_code)]
pub(crate) mod pdl {
    include!("pdl.rs");
}

#[rustfmt::skip]
#[allow(dead_code)]
pub(crate) mod pdl_interp {
    include!("pdl_interp.rs");
}

/// The main file including both dialects' `.td` files.
pub(crate) const LIBRARY: &str = "include \"tessera/PDL.td\"\ninclude \"tessera/PDLInterp.td\"\n";

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The built-in library's model of both dialects.
    fn model() -> tessera_ods::Model {
        tessera_ods::library::load_model("<pdl dialects>", super::LIBRARY)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// What the generator writes for `dialect` of the built-in library, with the natives'
    /// paths.
    fn generate(dialect: &str, main_file: &str) -> String {
        let model = &model();
        let ids = model.dialect_ids(|name| name == dialect);
        let paths = super::super::types::native_paths();
        let paths: Vec<(&str, &str)> = paths.iter().map(|(l, p)| (*l, p.as_str())).collect();
        let options = tessera_ods::rust_gen::GenOptions {
            main_file,
            native_paths: &paths,
        };
        let (code, skipped) = tessera_ods::rust_gen::generate_with_report(model, &ids, &options);
        assert_eq!(skipped, Vec::<(String, String)>::new(), "{dialect}");
        code
    }

    #[test]
    fn generated_modules_are_current() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/dialect/generated");
        for (dialect, main_file) in [("pdl", "PDL.td"), ("pdl_interp", "PDLInterp.td")] {
            let generated = generate(dialect, main_file);
            let path = dir.join(format!("{dialect}.rs"));
            if std::env::var_os("UPDATE_EXPECT").is_some() {
                std::fs::write(&path, &generated).unwrap();
            }
            assert!(
                generated == std::fs::read_to_string(&path).unwrap_or_default(),
                "src/dialect/generated/{dialect}.rs is stale: \
                 UPDATE_EXPECT=1 cargo test -p tessera-pdl --lib generated"
            );
        }
    }

    #[test]
    fn no_predicate_is_left_to_the_engine() {
        // Every leaf is compiled or called by path (none is an error or interpreted), and
        // no op's row lists a leaf the registration answers with a native, so the install
        // loop keeps no op on the engine.
        let paths = super::super::types::native_paths();
        for dialect in ["pdl", "pdl_interp"] {
            let code = generate(dialect, "");
            assert!(!code.contains("rt::unknown("), "{dialect}");
            assert!(!code.contains("FALLBACK.check("), "{dialect}");
            let (_, table) = code.split_once("static TABLE").unwrap();
            let (table, _) = table.split_once("\n    ];").unwrap();
            for (leaf, _) in &paths {
                assert!(!table.contains(&format!("{leaf:?}")), "{dialect}: {leaf}");
            }
        }
    }

    #[test]
    fn op_relations_read_the_values_they_name() {
        // The generated natives of the op-level relations read the first result and the
        // first operand: the ops must have exactly those, named as the leaves name them.
        let model = model();
        for (leaf, op_name, [result, operand], ..) in super::super::types::OP_RELATIONS {
            let op = model.ops.iter().find(|o| o.name == op_name).unwrap();
            let results: Vec<&str> = op.results.iter().map(|r| r.name.as_str()).collect();
            let operands: Vec<&str> = op.operands.iter().map(|o| o.name.as_str()).collect();
            assert_eq!(
                (results, operands),
                (vec![result], vec![operand]),
                "{op_name}"
            );
            assert!(
                leaf.contains(&format!("${result}.")) && leaf.contains(&format!("${operand}."))
            );
        }
    }
}
