//! The ODS context a `.td` include leaves in the AST, as lowering reads it: operations by full
//! name with operands and results in declaration order, names and variadicity.

use std::path::PathBuf;
use tessera_ir::SourceMap;
use tessera_pdll::ast::DeclKind;
use tessera_pdll::ods::VariableLength::{Optional, Single, Variadic};
use tessera_pdll::{parse, Options};

fn parse_with_ops(src: &str) -> tessera_pdll::Parsed {
    let mut sources = SourceMap::new();
    let file = sources.add("api.pdll", src);
    let options = Options {
        include_dirs: vec![PathBuf::from("tests/ast")],
    };
    let parsed = parse(&mut sources, file, &options);
    assert!(
        parsed.diagnostics.has_errors().is_none(),
        "{}",
        parsed.diagnostics.render(&sources, None)
    );
    parsed
}

#[test]
fn operations_are_found_by_full_name_with_their_values_in_order() {
    let parsed = parse_with_ops("#include \"inc/ops.td\"\n");
    let ods = &parsed.ast.ods;
    let op = ods.operation("test.two_groups").expect("imported");
    let operands: Vec<(&str, _)> = op
        .operands
        .iter()
        .map(|o| (o.name.as_str(), o.variable_length))
        .collect();
    assert_eq!(operands, [("lhs", Variadic), ("rhs", Variadic)]);
    let results: Vec<&str> = op.results.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(results, ["low", "high"]);
    assert_eq!(op.cpp_class, "::test::TwoGroupsOp");
    assert!(!op.supports_result_type_inference);

    let single = ods.operation("test.single").unwrap();
    assert_eq!(single.operands[0].variable_length, Single);
    assert_eq!(single.operands[0].constraint, "Test_SmallInt");
    let attrs: Vec<(&str, bool)> = single
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.optional))
        .collect();
    assert_eq!(attrs, [("count", false), ("label", true)]);
    let label = ods
        .attribute_constraint(&single.attributes[1].constraint)
        .unwrap();
    assert_eq!(label.demangled_name(), "Test_NonEmptyStr");
    assert_eq!(label.cpp_class, "::mlir::StringAttr");

    assert_eq!(
        ods.operation("test.optional").unwrap().results[0].variable_length,
        Optional
    );
    assert!(
        ods.operation("test.inferred")
            .unwrap()
            .supports_result_type_inference
    );
    assert!(ods.operation("test.missing").is_none());
    assert!(ods.operation("other.single").is_none());
    let names: Vec<&str> = ods.dialect("test").unwrap().operation_names().collect();
    assert_eq!(names.first(), Some(&"test.empty"));
}

#[test]
fn without_includes_the_context_is_empty() {
    let parsed = parse_with_ops("Pattern => erase op<test.single>;\n");
    assert!(parsed.ast.ods.is_empty());
    assert_eq!(parsed.ast.ods.print(), "ODSContext {\n}\n}\n");
}

/// A `.td` include cut short anywhere (at each line) gives diagnostics or an import, never a
/// panic, and whatever was imported prints.
#[test]
fn truncated_td_includes_are_diagnosed() {
    let td = std::fs::read_to_string("tests/ast/inc/ops.td").unwrap();
    let dir = std::env::temp_dir().join(format!("tessera-pdll-td-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = 0;
    let ends: Vec<usize> = td.match_indices('\n').map(|(i, _)| i).collect();
    for &end in &ends {
        std::fs::write(dir.join("cut.td"), &td[..end]).unwrap();
        let mut sources = SourceMap::new();
        let src = "#include \"cut.td\"\nPattern => erase op<test.single>;\n";
        let file = sources.add("cut.pdll", src);
        let options = Options {
            include_dirs: vec![dir.clone()],
        };
        let parsed = parse(&mut sources, file, &options);
        let rendered = parsed.diagnostics.render(&sources, None);
        if parsed.diagnostics.has_errors().is_some() {
            failures += 1;
            assert!(rendered.contains("cut.pdll:1:10: error: "), "{rendered}");
        }
        let _ = parsed.ast.ods.print();
    }
    // Cuts inside a definition fail; cuts between definitions import what precedes them.
    assert!(
        failures > 0 && failures < ends.len(),
        "{failures} of {}",
        ends.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Imported constraints carry the C++ class generated code handles their argument as.
#[test]
fn imported_constraints_know_their_cpp_class() {
    let parsed = parse_with_ops("#include \"inc/ops.td\"\n");
    let ast = &parsed.ast;
    let native = |name: &str| {
        let decl = ast
            .top_level
            .iter()
            .copied()
            .find(|&d| {
                ast.decls[d]
                    .name()
                    .is_some_and(|n| ast.names.str(n.sym) == name)
            })
            .unwrap_or_else(|| panic!("{name} imported"));
        let callable = ast.callable(decl).unwrap();
        assert!(callable.body.is_none() && callable.code.is_some());
        callable.native_type.as_deref().unwrap().to_string()
    };
    assert_eq!(native("Test_NonEmptyStr"), "::mlir::StringAttr");
    assert_eq!(native("Test_SmallInt"), "::mlir::IntegerType");
    assert_eq!(native("AnyType"), "::mlir::Type");
    assert_eq!(
        native("InferTypeOpInterface"),
        "::mlir::InferTypeOpInterface"
    );
}

/// A definition ODS cannot read is an error located in the `.td` file, below the include.
#[test]
fn ods_errors_point_into_the_td_file() {
    let dir = std::env::temp_dir().join(format!("tessera-pdll-odserr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let td = "include \"tessera/OpBase.td\"\n\
              def T_Dialect : Dialect { let name = \"t\"; }\n\
              def NoReturn : Attr<CPred<\"true\">, \"no return type\">;\n\
              def T_X : Op<T_Dialect, \"x\"> {\n\
              \x20 let arguments = (ins OptionalAttr<NoReturn>:$a);\n\
              }\n";
    std::fs::write(dir.join("bad_ods.td"), td).unwrap();
    let mut sources = SourceMap::new();
    let file = sources.add("use.pdll", "#include \"bad_ods.td\"\n");
    let options = Options {
        include_dirs: vec![dir.clone()],
    };
    let parsed = parse(&mut sources, file, &options);
    let rendered = parsed.diagnostics.render(&sources, None);
    assert!(parsed.diagnostics.has_errors().is_some(), "{rendered}");
    assert!(rendered.contains("Included from use.pdll:1:"), "{rendered}");
    assert!(rendered.contains("returnType"), "{rendered}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Lowering finds a member access's result by index or name, and a type's definition.
#[test]
fn results_are_found_by_member_name_or_index() {
    let parsed = parse_with_ops(
        "#include \"inc/ops.td\"\nPattern { let r: Op<test.two_groups>; erase r; }\n",
    );
    let ast = &parsed.ast;
    let op = ast.ods.operation("test.two_groups").unwrap();
    assert_eq!(op.result_index("high"), Some(1));
    assert_eq!(op.result_index("0"), Some(0));
    assert_eq!(op.result_index("2"), None);
    assert_eq!(op.result_index("missing"), None);
    let var_type = |name: &str| {
        ast.decls
            .values()
            .find_map(|d| match &d.kind {
                DeclKind::Variable { name: n, ty, .. } if ast.names.str(n.sym) == name => Some(*ty),
                _ => None,
            })
            .unwrap()
    };
    let found = ast.ods_operation(var_type("r")).map(|o| o.name.as_str());
    assert_eq!(found, Some("test.two_groups"));
    assert!(ast.ods_operation(ast.types.op).is_none());
}
