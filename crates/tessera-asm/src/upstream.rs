//! Upstream-compatibility tables: facts about what `mlir-opt` 19 has loaded, which change
//! how it parses and prints otherwise generic IR. They are data, kept apart from the parser
//! and printer so that following a new upstream release is an edit here.

/// Dialects that upstream `mlir-opt` 19 registers (`mlir-opt --show-dialects`). An op of one
/// of them that upstream accepts is a registered op (these dialects reject unknown ops), so
/// upstream's alias pass sees its properties as inherent attributes; an unregistered op's
/// properties are printed but not visited for aliases.
const LOADED_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "mesh",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "polynomial",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "sparse_tensor",
    "spirv",
    "tensor",
    "tosa",
    "transform",
    "ub",
    "vector",
    "x86vector",
    "xegpu",
];

/// Whether upstream `mlir-opt` 19 loads the dialect `name`.
pub(crate) fn loads_dialect(name: &str) -> bool {
    LOADED_DIALECTS.contains(&name)
}

/// Whether upstream `mlir-opt` 19 would hold the op named `name` as a registered op.
pub(crate) fn registers_op(name: &str) -> bool {
    name.split_once('.')
        .is_some_and(|(dialect, _)| loads_dialect(dialect))
}

/// The dialects whose `dialect_resources` entries upstream can parse (only the builtin
/// dialect's blobs, which `dense_resource` refers to).
pub(crate) fn has_resource_handler(dialect: &str) -> bool {
    dialect == "builtin"
}

/// The alias prefix an upstream dialect gives one of its attributes that Tessera keeps as
/// text (`#dialect<body>`): upstream's sparse_tensor dialect names its encodings `#sparse`.
pub(crate) fn dialect_attr_alias(dialect: &str, body: &str) -> Option<&'static str> {
    (dialect == "sparse_tensor" && body.starts_with("encoding<")).then_some("sparse")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_ops_are_those_of_loaded_dialects() {
        assert!(registers_op("func.func"));
        assert!(registers_op("builtin.module"));
        assert!(!registers_op("foo.bar"));
        assert!(!registers_op("func"));
        assert!(loads_dialect("pdl_interp") && !loads_dialect("test"));
    }
}
