//! `--print-records` output rendered by two threads in pieces (`Options::render`, what
//! `tessera-tblgen` uses) must be exactly the records printed one after the other, whatever
//! the mix of classes and defs; and the lexing thread, which now runs only a few batches
//! ahead and reuses them, must neither lose tokens nor hang when the parser stops early.

use tessera_tablegen::{parse_on_this_thread, parse_source, Options, RecordKeeper, Render};

/// The output as upstream defines it, record after record on one thread.
fn sequential(rk: &RecordKeeper) -> String {
    let mut out = String::from("------------- Classes -----------------\n");
    for c in rk.classes_sorted() {
        out.push_str("class ");
        rk.print_record(&mut out, c);
    }
    out.push_str("------------- Defs -----------------\n");
    for d in rk.defs_sorted() {
        out.push_str("def ");
        rk.print_record(&mut out, d);
    }
    out
}

/// Classes and defs with a few fields each: thousands of records, tens of thousands of tokens.
fn big_input(classes: usize, defs: usize) -> String {
    let mut s = String::new();
    for c in 0..classes {
        s.push_str(&format!(
            "class C{c}<int n> {{ int a = n; string s = \"c{c}\"; list<int> l = [n, {c}]; }}\n"
        ));
    }
    for d in 0..defs {
        let c = d % classes.max(1);
        if classes == 0 {
            s.push_str(&format!("def D{d} {{ int x = {d}; }}\n"));
        } else {
            s.push_str(&format!("def D{d} : C{c}<{d}> {{ bit b = {}; }}\n", d % 2));
        }
    }
    s
}

fn check(name: &str, src: &str) {
    let opts = Options {
        render: Render::PrintRecords,
        ..Options::default()
    };
    let parsed = parse_source(name, src, &opts).expect("evaluates");
    let expected = sequential(&parsed.records);
    assert_eq!(
        parsed.output.concat(),
        expected,
        "{name}: rendered while evaluating"
    );
    assert_eq!(
        parsed.records.print_records(),
        expected,
        "{name}: print_records"
    );
    let here = parse_on_this_thread(name, src, &opts).expect("evaluates");
    assert_eq!(here.output.concat(), expected, "{name}: on this thread");
}

#[test]
fn pieces_assemble_to_the_sequential_output() {
    check("empty.td", "");
    check("classes.td", &big_input(50, 0));
    check("defs.td", &big_input(0, 400));
    // Enough work for every piece of the plan, classes and defs in both threads' shares.
    check("big.td", &big_input(300, 3000));
}

#[test]
fn json_is_rendered_whole() {
    let src = big_input(20, 200);
    let opts = Options {
        render: Render::DumpJson,
        ..Options::default()
    };
    let parsed = parse_source("json.td", &src, &opts).expect("evaluates");
    assert_eq!(parsed.output, vec![parsed.records.dump_json()]);
    let nothing = parse_source("none.td", &src, &Options::default()).expect("evaluates");
    assert!(nothing.output.is_empty());
}

#[test]
fn an_error_after_many_batches_stops_the_lexer() {
    // Far more tokens than the lexer may run ahead, then an error, then more tokens.
    let mut src = big_input(10, 2000);
    src.push_str("def Oops : NoSuchClass;\n");
    src.push_str(&big_input(0, 2000).replace("def D", "def E"));
    let err = parse_source("late_error.td", &src, &Options::default())
        .map(|_| ())
        .expect_err("undefined class");
    assert!(
        err.render().contains("Couldn't find class 'NoSuchClass'"),
        "{}",
        err.render()
    );
}
