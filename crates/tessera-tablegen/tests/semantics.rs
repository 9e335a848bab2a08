//! Unit tests for the subtle parts of evaluation, checked through the public record API:
//! late binding of field references, anonymous record naming and bits slicing.

use tessera_tablegen::{parse_source, Init, Options, Parsed};

fn eval(src: &str) -> Parsed {
    let p = parse_source("test.td", src, &Options::default()).expect("input is valid");
    assert_eq!(p.error_count(), 0, "{}", p.render_messages());
    p
}

fn int_field(p: &Parsed, def: &str, field: &str) -> i64 {
    let r = p.records.def(def).expect("def exists");
    p.records.value_as_int(r, field).expect("int field")
}

fn string_field(p: &Parsed, def: &str, field: &str) -> String {
    let r = p.records.def(def).expect("def exists");
    p.records.value_as_string(r, field).expect("string field")
}

#[test]
fn field_references_bind_late_to_overridden_values() {
    let p = eval(
        "class A { int x = 1; int y = !add(x, 1); }\n\
         def a : A { let x = 10; }\n\
         def b : A;\n",
    );
    // `y` sees the overridden `x`, not the class default it was written against.
    assert_eq!(int_field(&p, "a", "y"), 11);
    assert_eq!(int_field(&p, "b", "y"), 2);
}

#[test]
fn template_argument_defaults_see_earlier_arguments() {
    let p = eval("class C<int a, int b = !mul(a, 3)> { int v = b; }\ndef c : C<4>;\n");
    assert_eq!(int_field(&p, "c", "v"), 12);
}

#[test]
fn name_binds_to_the_final_def_name() {
    let p = eval(
        "class N { string n = NAME; }\n\
         multiclass M { def _x : N; }\n\
         defm Outer : M;\n",
    );
    assert_eq!(string_field(&p, "Outer_x", "n"), "Outer_x");
}

#[test]
fn field_of_other_def_resolves_once_that_def_is_final() {
    let p = eval(
        "class T { int v = 3; }\ndef t : T;\nclass R<string n> { int got = !cast<T>(n).v; }\ndef r : R<\"t\">;\n",
    );
    assert_eq!(int_field(&p, "r", "got"), 3);
}

#[test]
fn anonymous_records_are_numbered_in_creation_order() {
    let p = eval(
        "class P<int v> { int value = v; }\n\
         def : P<1>;\n\
         def user { P a = P<2>; P b = P<2>; P c = P<3>; }\n\
         def : P<4>;\n",
    );
    let rk = &p.records;
    let user = rk.def("user").unwrap();
    let name_of = |field: &str| {
        let d = rk.value_as_def(user, field).unwrap();
        rk.record_name(d)
    };
    // `def : P<1>` is anonymous_0; identical instantiations share one record.
    assert_eq!(name_of("a"), "anonymous_1");
    assert_eq!(name_of("b"), "anonymous_1");
    assert_eq!(name_of("c"), "anonymous_2");
    assert_eq!(int_field(&p, "anonymous_3", "value"), 4);
    assert!(rk.record(rk.def("anonymous_0").unwrap()).is_anonymous());
}

#[test]
fn bits_slices_pick_and_reorder_bits() {
    let p = eval(
        "def b {\n\
           bits<8> v = 0b10110100;\n\
           bits<4> hi = v{7-4};\n\
           bits<4> lo = v{0-3};\n\
           bits<2> pick = v{2, 7};\n\
           int asInt = hi;\n\
         }\n",
    );
    let rk = &p.records;
    let b = rk.def("b").unwrap();
    let bits = |f: &str| rk.value_as_bits(b, f).unwrap();
    // Bits are stored least significant first.
    // v{7-4} keeps the order (bit 4 lowest); v{0-3} reverses it (bit 3 lowest).
    assert_eq!(
        bits("hi"),
        vec![Some(true), Some(true), Some(false), Some(true)]
    );
    assert_eq!(
        bits("lo"),
        vec![Some(false), Some(true), Some(false), Some(false)]
    );
    assert_eq!(bits("pick"), vec![Some(true), Some(true)]);
    assert_eq!(int_field(&p, "b", "asInt"), 0b1011);
}

#[test]
fn let_on_bit_ranges_merges_with_existing_bits() {
    let p = eval(
        "class I { bits<8> Inst = 0; }\n\
         def i : I { let Inst{7-4} = 0b1111; let Inst{0} = 1; }\n",
    );
    let rk = &p.records;
    let i = rk.def("i").unwrap();
    let bits = rk.value_as_bits(i, "Inst").unwrap();
    let value: u32 = bits
        .iter()
        .enumerate()
        .map(|(k, b)| (b.unwrap() as u32) << k)
        .sum();
    assert_eq!(value, 0b1111_0001);
}

#[test]
fn record_api_exposes_order_superclasses_dags_and_locations() {
    let p = eval(
        "class Base;\nclass Mid : Base;\ndef op;\n\
         def z : Mid { dag d = (op 1:$a, \"s\"); }\n\
         def a : Base;\n",
    );
    let rk = &p.records;
    let order: Vec<String> = rk
        .defs_in_order()
        .iter()
        .map(|&d| rk.record_name(d))
        .collect();
    assert_eq!(order, ["op", "z", "a"]);
    let z = rk.def("z").unwrap();
    let supers: Vec<String> = rk
        .record(z)
        .superclasses()
        .iter()
        .map(|(c, _)| rk.record_name(*c))
        .collect();
    assert_eq!(supers, ["Base", "Mid"]);
    assert!(rk.is_subclass_of_named(z, "Base"));
    assert_eq!(rk.all_derived_definitions("Base").len(), 2);
    let dag = rk.value_as_dag(z, "d").unwrap();
    assert!(matches!(rk.init(dag.operator), Init::Def(_)));
    assert_eq!(dag.args.len(), 2);
    assert_eq!(rk.as_str(dag.args[0].name.unwrap()), Some("a"));
    assert_eq!(rk.as_int(dag.args[0].value), Some(1));
    let loc = rk.sources().line_col(rk.record(z).loc()).unwrap();
    assert_eq!((loc.line, loc.col), (4, 5));
    let floc = rk
        .sources()
        .line_col(rk.field_loc(z, "d").unwrap())
        .unwrap();
    assert_eq!(floc.line, 4);
    // Errors are values.
    assert!(rk.value_as_int(z, "d").is_err());
    assert!(rk.value_as_string(z, "missing").is_err());
}

#[test]
fn preprocessor_context_line_is_shown_as_an_error_but_not_counted() {
    // llvm-tblgen 19 prints both lines as `error:` and reports "1 errors.".
    let (count, shown) = match parse_source("test.td", "#ifdef X\n#else\n", &Options::default()) {
        Ok(p) => (p.error_count(), p.render_messages()),
        Err(f) => (f.diagnostics.error_count(), f.render()),
    };
    assert_eq!(count, 1, "{shown}");
    assert!(
        shown.contains("error: Reached EOF without matching #endif"),
        "{shown}"
    );
    assert!(
        shown.contains("error: The latest preprocessor control is here"),
        "{shown}"
    );
}
