//! Malformed definitions: each input in `tests/invalid/` annotates the errors the model must
//! report with `// expected-error@+N {{text}}` (or `@-N`), N lines from the annotation. Every
//! annotation must be matched by an error on that line containing the text, and every error
//! must be annotated. The texts are mlir-tblgen 19's for the same input.

use crate::common::{check_annotations, load_file, td_files};

#[test]
fn malformed_definitions_are_reported_where_upstream_reports_them() {
    let mut failures = Vec::new();
    for input in td_files("tests/invalid") {
        let loaded = load_file(&input);
        failures.extend(check_annotations(
            &input,
            &loaded.diagnostics,
            &loaded.sources,
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
