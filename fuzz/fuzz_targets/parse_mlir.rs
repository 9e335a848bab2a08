//! Fuzz target: arbitrary bytes through the MLIR parser; whatever parses and verifies is
//! printed, parsed again and printed again, and the printouts must settle: the second
//! printout must print back unchanged. (The first may differ once, exactly where upstream's
//! does: decimal float literals are read through `double`, so an f80/f128 value outside
//! double's range prints in decimal and reads back as 0 or infinity, as in `mlir-opt`; and
//! upstream prints two things neither parser reads back, see
//! `is_upstream_unreadable_printout`. Affine expressions may take a few rounds, as upstream's
//! do: construction-time simplification does not reassociate, so `d0 + (d1 + 2) + 1` prints
//! as `d0 + d1 + 2 + 1`, which reads back as `d0 + d1 + 3`.) Any panic, stack overflow, hang
//! or runaway allocation is a bug: hostile input must become a diagnostic.
//!
//! The context knows Tessera's core dialects and pdl/pdl_interp (custom forms, custom
//! directives, verifiers, `!pdl.range` syntax) and a `test` dialect
//! whose attributes are read through their `AttrDef` formats (`crates/tessera-cli/tests/defs`),
//! so custom forms and dialect attribute readers are fuzzed too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tessera_asm::PrintOptions;
use tessera_ir::{Context, DiagLoc};
use tessera_ods::register::{dialects_of_main_file, Options, Registration};

/// The `test` dialect of the attribute-definition tests, compiled once.
fn test_dialect() -> &'static Registration {
    static TEST: OnceLock<Registration> = OnceLock::new();
    TEST.get_or_init(|| {
        let text = include_str!("../../crates/tessera-cli/tests/defs/TestDefs.td");
        let parsed = tessera_tablegen::parse_source(
            "TestDefs.td",
            text,
            &tessera_ods::library::options(Vec::new()),
        )
        .unwrap_or_else(|f| panic!("{}", f.render()));
        let loaded = tessera_ods::load(&parsed.records);
        let dialects = dialects_of_main_file(&loaded.model, &loaded.sources);
        Registration::compile(&loaded.model, &dialects, &Options::default()).0
    })
}

/// A printout the parser rejected: the first diagnostic's message and 1-based line.
struct Rejected {
    message: String,
    line: usize,
}

/// The printout of `src`, `Ok(None)` if it parses but does not verify, or `Err` if it does not
/// parse.
fn print(src: &str, debug_info: bool) -> Result<Option<String>, Rejected> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    tessera_pdl::dialect::register_pdl_dialects(&mut ctx).unwrap_or_else(|e| panic!("{e}"));
    test_dialect().register(&mut ctx);
    let parsed = tessera_asm::parse(&mut ctx, src, "fuzz.mlir").map_err(|d| {
        let line = match d.loc {
            DiagLoc::Ir(loc) => ctx.file_line_col(loc).map_or(0, |(_, l, _)| l as usize),
            _ => 0,
        };
        Rejected {
            message: d.message.clone(),
            line,
        }
    })?;
    if tessera_ir::verify(&ctx, &parsed.body, parsed.module).is_err() {
        return Ok(None);
    }
    let opts = PrintOptions {
        debug_info,
        ..PrintOptions::default()
    };
    Ok(Some(tessera_asm::print_module(
        &ctx,
        &parsed.body,
        parsed.module,
        &parsed.resources,
        opts,
    )))
}

fn check(src: &str) {
    for debug_info in [false, true] {
        let Ok(Some(first)) = print(src, debug_info) else {
            return;
        };
        let second = match print(&first, debug_info) {
            Ok(Some(second)) => second,
            Ok(None) => panic!("printed output does not verify:\n{first}"),
            Err(rejected) => {
                assert!(
                    is_upstream_unreadable_printout(&first, &rejected),
                    "printed output does not parse back ({}):\n{first}",
                    rejected.message
                );
                return;
            }
        };
        if first == second {
            continue;
        }
        let affine = first.contains("affine_map<") || first.contains("affine_set<");
        assert!(
            first.contains("f80") || first.contains("f128") || affine,
            "printing is not a fixpoint:\n{first}\n---\n{second}"
        );
        // Every round folds at least one sum the previous one printed unfolded.
        let rounds = if affine { AFFINE_ROUNDS } else { 1 };
        let mut previous = second;
        for round in 1..=rounds {
            let next = match print(&previous, debug_info) {
                Ok(Some(next)) => next,
                Ok(None) => panic!("printed output does not verify:\n{previous}"),
                Err(r) => panic!(
                    "printed output does not parse back ({}):\n{previous}",
                    r.message
                ),
            };
            if next == previous {
                break;
            }
            assert!(
                round < rounds,
                "printing does not settle:\n{previous}\n---\n{next}"
            );
            previous = next;
        }
    }
}

/// How many more printouts an affine expression may need to settle.
const AFFINE_ROUNDS: usize = 16;

/// The printouts upstream cannot read back either, which Tessera reproduces byte for byte:
/// - a dialect body its own parser ends elsewhere (see `has_unreadable_dialect_body`);
/// - a sparse elements attribute whose indices are all equal: upstream prints the indices as a
///   splat (`sparse<1, [true, false]>`), which reads back as a single index, so the value count
///   no longer matches (its parser says so in those words).
fn is_upstream_unreadable_printout(printout: &str, rejected: &Rejected) -> bool {
    // Judged on the text up to the line where the parser stopped: an unreadable body makes
    // the parser fail where it ends, which may be lines later (an unterminated body runs on),
    // but never before it, so such a body after the failure cannot excuse it.
    let line = printout
        .lines()
        .take(rejected.line.max(1))
        .collect::<Vec<_>>()
        .join("\n");
    has_unreadable_dialect_body(&line)
        || (line.contains("sparse<")
            && rejected
                .message
                .contains("inferred shape of indices literal"))
}

/// A dialect type or attribute that upstream prints where its own parser ends it elsewhere:
/// a body ending in `-` (`!foo.ptr-`, `#foo.-`, `!foo<ptr->`; the `-` and the next character
/// lex as one token, `->` or a number's sign). Tessera prints such bodies exactly as upstream
/// does, so these are not defects of ours. (A pretty body whose `<` closes before its end,
/// `!foo.a<i32>b<x>`, upstream prints too, but Tessera prints it verbose, so it must read back.)
fn has_unreadable_dialect_body(text: &str) -> bool {
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'!' && bytes[i] != b'#' {
            i += 1;
            continue;
        }
        // The dialect namespace.
        let mut j = i + 1;
        while j < bytes.len() && is_ident(bytes[j]) {
            j += 1;
        }
        if j == i + 1 || j >= bytes.len() {
            i = j.max(i + 1);
            continue;
        }
        match bytes[j] {
            // Pretty form: `!foo.body`, the body made of identifier characters, `.` and `-`.
            b'.' => {
                let mut k = j + 1;
                while k < bytes.len()
                    && (is_ident(bytes[k]) || bytes[k] == b'.' || bytes[k] == b'-')
                {
                    k += 1;
                }
                if bytes[k - 1] == b'-' {
                    return true;
                }
                // Symbols nested in the body are looked at too.
                i = j + 1;
            }
            // Verbose form: `!foo<body>`, where a body ending in `-` reads as `->`.
            b'<' => {
                let mut depth = 0usize;
                let mut k = j;
                while k < bytes.len() {
                    match bytes[k] {
                        b'<' => depth += 1,
                        // A function type's arrow inside the body is printed ` -> `, with
                        // spaces on both sides; any other `->` ends a body in `-`.
                        b'>' if bytes[k - 1] == b'-'
                            && depth == 1
                            && (bytes.get(k + 1) != Some(&b' ')
                                || k < 2
                                || bytes[k - 2] != b' ') =>
                        {
                            return true
                        }
                        b'>' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                // Symbols nested in the body are looked at too.
                i = j + 1;
            }
            _ => i = j,
        }
    }
    false
}

fuzz_target!(|data: &[u8]| {
    // The parser and printer grow their stack on demand, so the fuzzer's own thread will do.
    if let Ok(src) = std::str::from_utf8(data) {
        check(src);
    }
});
