//! Hostile inputs must come back as diagnostics: no panic, no stack overflow, no endless run.

use tessera_tablegen::{parse_source, Options};

/// Runs `src` with `opts` and returns the first error text (empty if it was accepted).
fn first_error_with(src: &str, opts: &Options) -> String {
    let res = parse_source("hostile.td", src, opts);
    match res {
        Ok(p) => p.messages.first_error().to_string(),
        Err(f) => f.diagnostics.first_error().to_string(),
    }
}

/// `inner` wrapped `depth` times in `open` ... `close`.
fn nest(open: &str, inner: &str, close: &str, depth: usize) -> String {
    format!("{}{inner}{}", open.repeat(depth), close.repeat(depth))
}

/// Runs `src` and returns the first error text (empty if it was accepted).
fn first_error(src: &str) -> String {
    first_error_with(src, &Options::default())
}

#[test]
fn infinitely_recursive_instantiation_is_an_error() {
    let err = first_error("class C<int n> { C next = C<!add(n, 1)>; }\ndef x : C<0>;\n");
    assert!(err.contains("nesting depth"), "{err}");
}

#[test]
fn self_recursive_field_chain_is_bounded() {
    // Each class refers to the next through a default argument; resolution depth is bounded.
    let mut src = String::new();
    for i in 0..3000 {
        src.push_str(&format!(
            "class C{i}<int v = 0> {{ int x = !add(v, 1); }}\n"
        ));
    }
    src.push_str("def d : C2999;\n");
    assert_eq!(first_error(&src), "");
}

#[test]
fn deep_class_inheritance_chain_works() {
    // Each class repeats its parent's superclass list; checking every entry of it against the
    // list so far made the chain cubic (minutes for 10,000 classes, as llvm-tblgen takes). No
    // time is asserted (speed belongs to benchmarks), but a cubic regression makes this test
    // take minutes, which the suite's run time shows.
    let n = 4000;
    let mut src = String::from("class C0 { int depth = 0; }\n");
    for i in 1..n {
        src.push_str(&format!("class C{i} : C{} {{ let depth = {i}; }}\n", i - 1));
    }
    src.push_str(&format!("def d : C{};\n", n - 1));
    assert_eq!(first_error(&src), "");
}

#[test]
fn huge_foreach_range_is_refused() {
    let err = first_error("foreach i = 0...4000000000 in def d#i;\n");
    assert!(err.contains("too large"), "{err}");
}

#[test]
fn huge_bang_range_is_refused() {
    let err = first_error("def x { list<int> l = !range(5000000000); }\n");
    assert!(err.contains("too large"), "{err}");
}

#[test]
fn huge_listsplat_is_refused() {
    let err = first_error("def x { list<int> l = !listsplat(1, 100000000000); }\n");
    assert!(err.contains("too large"), "{err}");
}

#[test]
fn deeply_nested_parentheses_are_refused() {
    let src = format!(
        "def op;\ndef x {{ dag d = {}; }}\n",
        nest("(op ", "op", ")", 100_000)
    );
    let err = first_error(&src);
    assert!(err.contains("too deep"), "{err}");
}

#[test]
fn deeply_nested_lets_are_refused() {
    let depth = 50_000;
    let src = format!(
        "class C {{ int a = 0; }}\n{}def x : C;\n",
        "let a = 1 in ".repeat(depth)
    );
    let err = first_error(&src);
    assert!(err.contains("too deep"), "{err}");
}

#[test]
fn values_built_by_foldl_cannot_nest_without_bound() {
    let err =
        first_error("def op;\ndef x { dag d = !foldl((op), !range(50000), acc, i, (op acc)); }\n");
    assert!(err.contains("nesting deeper"), "{err}");
}

#[test]
fn garbage_bytes_do_not_panic() {
    let inputs: [&[u8]; 8] = [
        b"\x00\x01\x02",
        b"def \xff\xfe { }",
        b"class C<",
        b"#ifdef",
        b"/* unterminated",
        b"[{ unterminated code",
        b"def x { int a = !add(; }",
        b"multiclass M { defm : M; }",
    ];
    for bytes in inputs {
        tessera_tablegen::fuzz_entry(bytes);
    }
}

#[test]
fn division_by_zero_and_bad_shifts_are_errors_not_panics() {
    assert!(first_error("def x { int a = !div(1, 0); }").contains("division by zero"));
    assert!(first_error("def x { int a = !div(-9223372036854775808, -1); }").contains("INT64_MIN"));
    assert_eq!(
        first_error("def x { int a = !shl(1, 200); int b = !sra(-1, 99); }"),
        ""
    );
    assert!(first_error("def x { int a = !logtwo(0); }").contains("logtwo"));
}

#[test]
fn self_including_file_is_an_error() {
    let dir = std::env::temp_dir().join(format!("tessera-tblgen-self-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("self.td");
    std::fs::write(&path, "include \"self.td\"\n").unwrap();
    let opts = Options {
        include_dirs: vec![dir.to_string_lossy().into_owned()],
        ..Options::default()
    };
    let res = tessera_tablegen::parse_file(&path.to_string_lossy(), &opts);
    let err = match res {
        Ok(p) => p.render_messages(),
        Err(f) => f.render(),
    };
    assert!(err.contains("include nested too deeply"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nested_include_words_are_bounded() {
    let src = "include ".repeat(5000) + "\"missing.td\"\n";
    let err = first_error(&src);
    assert!(err.contains("include nested too deeply"), "{err}");
}

#[test]
fn long_runs_of_directives_do_not_recurse() {
    // Each directive used to lex the next token recursively.
    let mut src = String::from("#define X\n");
    src.push_str(&"#ifdef X\n#endif\n".repeat(300_000));
    src.push_str("#ifdef X\ndef ok;\n#endif\n");
    assert_eq!(first_error(&src), "");
}

/// Runs `src` under small resource limits and returns the first error text.
fn first_error_limited(src: &str, max_bytes: u64, max_steps: u64) -> String {
    let opts = Options {
        limits: tessera_tablegen::Limits {
            max_bytes,
            max_steps,
        },
        ..Options::default()
    };
    first_error_with(src, &opts)
}

#[test]
fn repeatedly_doubled_lists_hit_the_memory_limit() {
    let mut src = String::from("defvar l0 = !range(1000);\n");
    for k in 1..40 {
        src.push_str(&format!("defvar l{k} = !listconcat(l{0}, l{0});\n", k - 1));
    }
    let err = first_error_limited(&src, 64 << 20, 1 << 20);
    assert!(err.contains("memory limit"), "{err}");
}

#[test]
fn repeatedly_doubled_strings_hit_the_memory_limit() {
    let mut src = String::from("defvar s0 = \"0123456789\";\n");
    for k in 1..40 {
        src.push_str(&format!("defvar s{k} = !strconcat(s{0}, s{0});\n", k - 1));
    }
    src.push_str("def x { string s = !interleave([s20, s20], s20); }\n");
    let err = first_error_limited(&src, 64 << 20, 1 << 20);
    assert!(err.contains("memory limit"), "{err}");
}

#[test]
fn loops_that_build_nothing_hit_the_step_limit() {
    let src = "defvar l = !range(3000);\nforeach i = l in foreach j = l in defvar z = 1;\n";
    let err = first_error_limited(src, 64 << 20, 1 << 20);
    assert!(err.contains("step limit"), "{err}");
}

#[test]
fn millions_of_defs_hit_the_memory_limit() {
    let err = first_error_limited("foreach i = 0...4000000 in def d#i;\n", 16 << 20, 1 << 30);
    assert!(err.contains("memory limit"), "{err}");
}

#[test]
fn nul_far_into_a_code_block_is_reported_in_linear_time() {
    let src = format!("def A {{ code c = [{{{}\0}}]; }}\n", "x".repeat(2_000_000));
    let err = first_error(&src);
    assert!(err.contains("NUL character"), "{err}");
}

#[test]
fn subst_of_the_empty_string_is_refused() {
    // llvm-tblgen 19 never finishes on these (the empty string is found again after every
    // replacement); found by the fuzzer as an out-of-memory.
    let err = first_error("def x { string s = !subst(\"\", \"y\", \"ab\"); }\n");
    assert_eq!(err, "!subst: the string to replace is empty");
    let late = "class C<string p> { string r = !subst(p, \"\", \"a.b\"); }\ndef y : C<\"\">;\n";
    assert_eq!(first_error(late), "!subst: the string to replace is empty");
    // A non-empty pattern still works when it arrives late.
    assert_eq!(
        first_error(
            "class C<string p> { string r = !subst(p, \"-\", \"a.b\"); }\ndef z : C<\".\">;\n"
        ),
        ""
    );
}

#[test]
fn errors_of_folds_outside_records_point_into_the_source() {
    // Upstream 19 aborts on a negative count; outside a record there is no record location to
    // borrow, so the error points where parsing noticed it.
    let failure = parse_source(
        "splat.td",
        "defvar x = !listsplat(\"\", -1);\n",
        &Options::default(),
    )
    .map(|_| ())
    .expect_err("negative count");
    let text = failure.render();
    assert!(
        text.starts_with("splat.td:1:30: error: list of -1 elements is too large"),
        "{text}"
    );
}

/// Hostile nesting of every kind, each evaluated and printed on a thread with a 2 MiB stack
/// (what `cargo test` and `std::thread::spawn` give by default, whatever RUST_MIN_STACK says):
/// the depth limits must end each with an error before the stack runs out.
#[test]
fn deep_nesting_fits_a_two_mebibyte_stack() {
    let n = 100_000;
    let recursive = "class C<int n> { C next = C<!add(n, 1)>; int v = n; }\n";
    let mut chain = String::from("class C0<int v = 0> { int x = v; }\n");
    for i in 1..2000 {
        chain.push_str(&format!(
            "class C{i}<int v = 0> : C{}<!add(v, 1)>;\n",
            i - 1
        ));
    }
    chain.push_str("def d : C1999;\n");
    let inputs = [
        format!(
            "def op;\ndef x {{ dag d = {}; }}\n",
            nest("(op ", "op", ")", n)
        ),
        format!("def x {{ int d = {}; }}\n", nest("!if(1, 2, ", "1", ")", n)),
        format!("{}def x;\n", "foreach i = [1] in ".repeat(n)),
        format!("{}def x;\n", "if 1 then ".repeat(n)),
        format!(
            "{}def x;\n{}",
            "let a = 1 in {\n".repeat(n),
            "}\n".repeat(n)
        ),
        format!("{recursive}def x : C<0>;\n"),
        // Instantiation that recurses at the limit, from inside nesting just under the parser's.
        format!(
            "{recursive}def x {{ int d = {}; }}\n",
            nest("!add(1, ", "C<0>.v", ")", 120)
        ),
        format!("def x {{ int d = {}; }}\n", nest("!add(1, ", "1", ")", n)),
        format!("def x {{ {} a; }}\n", nest("list<", "int", ">", n)),
        chain,
    ];
    for src in inputs {
        let worker = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let err = first_error(&src);
                assert!(
                    err.contains("too deep") || err.contains("nesting"),
                    "{}: {err}",
                    &src[..80.min(src.len())]
                );
            })
            .expect("thread starts");
        worker.join().expect("no overflow, no panic");
    }
}

#[test]
fn nesting_past_the_limit_is_one_error() {
    let src = format!(
        "def x {{ int d = {}; }}\n",
        nest("!if(1, 2, ", "1", ")", 1000)
    );
    let failure = parse_source("if.td", &src, &Options::default())
        .map(|_| ())
        .expect_err("too deep");
    assert_eq!(failure.diagnostics.len(), 1, "{}", failure.render());
    assert!(
        failure
            .diagnostics
            .first_error()
            .contains("more than 128 levels"),
        "{}",
        failure.render()
    );
}

#[test]
fn a_multiclass_fanning_out_hits_the_memory_limit() {
    // 2^40 defs: the limit has to count every record and value instantiation creates, so it
    // fires near the size it names instead of several times later.
    let mut src = String::from("multiclass M0 { def _a; def _b; }\n");
    for i in 1..=40 {
        src.push_str(&format!(
            "multiclass M{i} {{ defm _a : M{}; defm _b : M{}; }}\n",
            i - 1,
            i - 1
        ));
    }
    src.push_str("defm x : M40;\n");
    let err = first_error_limited(&src, 16 << 20, 1 << 30);
    assert!(err.contains("memory limit"), "{err}");
}
