// Applies the rewriters mlir-tblgen 19 generates for one DRR file (RULES_INC) to an input
// with upstream's greedy driver, as tessera-opt --patterns=FILE.td does: the upstream side of
// scripts/drr-diff.sh. The test dialect's ops come from mlir-tblgen's op definitions.
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/SourceMgr.h"

#include "Dialect.h.inc"
#define GET_OP_CLASSES
#include "Ops.h.inc"

#include "Dialect.cpp.inc"
#define GET_OP_CLASSES
#include "Ops.cpp.inc"

void test::TestDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Ops.cpp.inc"
      >();
}

// The rewriters of one rules file: RULES_INC names mlir-tblgen's -gen-rewriters output.
namespace rules {
using namespace mlir;
#include RULES_INC
} // namespace rules

int main(int argc, char **argv) {
  bool debugInfo = argc == 3 && std::string(argv[2]) == "--mlir-print-debuginfo";
  if (argc != 2 && !debugInfo) {
    llvm::errs() << "usage: drr-check INPUT.mlir [--mlir-print-debuginfo]\n";
    return 2;
  }
  mlir::MLIRContext ctx;
  ctx.loadDialect<mlir::func::FuncDialect, test::TestDialect>();
  llvm::SourceMgr sm;
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(argv[1], sm, &ctx);
  if (!module)
    return 1;
  mlir::RewritePatternSet set(&ctx);
  rules::populateWithGenerated(set);
  (void)mlir::applyPatternsAndFoldGreedily(*module, std::move(set));
  mlir::OpPrintingFlags flags;
  if (debugInfo)
    flags.enableDebugInfo();
  module->print(llvm::outs(), flags);
  return 0;
}
