//! MLIR textual format.
